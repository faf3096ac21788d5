import type { ProductAttribute, Variant } from '@store/contracts';

export type Selection = Record<string, string>;

/** The variant matching every chosen attribute, if any. */
export function findVariant(variants: Variant[], selection: Selection): Variant | undefined {
  return variants.find((v) => Object.entries(selection).every(([name, value]) => v.attributes[name] === value));
}

/**
 * An option is available when some in-stock variant has it together with the other choices made
 * so far (combinations that cannot be bought are disabled).
 */
export function isOptionAvailable(variants: Variant[], selection: Selection, name: string, value: string): boolean {
  return variants.some(
    (v) =>
      v.stock > 0 &&
      v.attributes[name] === value &&
      Object.entries(selection).every(([other, chosen]) => other === name || v.attributes[other] === chosen),
  );
}

/** Starts on the first in-stock variant (or the first one). */
export function initialSelection(variants: Variant[], attributes: ProductAttribute[]): Selection {
  const start = variants.find((v) => v.stock > 0) ?? variants[0];
  if (!start) return {};
  return Object.fromEntries(attributes.map((a) => [a.name, start.attributes[a.name] ?? a.values[0] ?? '']));
}
