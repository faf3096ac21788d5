const attributeText = (attributes: Record<string, string>) =>
  Object.entries(attributes)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');

/** A line as the shopper reads it, in a stock message or the confirmation mail: `Tee (size: M, colour: red)`. */
export const lineLabel = (name: string, attributes: Record<string, string>) => {
  const text = attributeText(attributes);
  return text ? `${name} (${text})` : name;
};
