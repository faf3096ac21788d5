/** "size: M · colour: red" */
export const attributeText = (attributes: Record<string, string>) =>
  Object.entries(attributes)
    .map(([k, v]) => `${k}: ${v}`)
    .join(' · ');

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
