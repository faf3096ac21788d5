const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
