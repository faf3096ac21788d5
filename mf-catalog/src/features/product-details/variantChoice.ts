import { unitPriceCents } from '@store/contracts/money';
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

/** The choices made for the attributes listed before `name` (the ones an option of `name` depends on). */
export function choicesBefore(attributes: ProductAttribute[], selection: Selection, name: string): Selection {
  const index = attributes.findIndex((a) => a.name === name);
  return Object.fromEntries(
    attributes
      .slice(0, Math.max(0, index))
      .filter((a) => selection[a.name] !== undefined)
      .map((a) => [a.name, selection[a.name] as string]),
  );
}

/**
 * Choosing `value` for `name`: the other choices stay when they still make a buyable combination;
 * else the first in-stock variant with this value and the earlier choices (or just this value)
 * supplies them.
 */
export function chooseOption(
  variants: Variant[],
  attributes: ProductAttribute[],
  selection: Selection,
  name: string,
  value: string,
): Selection {
  const next = { ...selection, [name]: value };
  if ((findVariant(variants, next)?.stock ?? 0) > 0) return next;
  const before = choicesBefore(attributes, selection, name);
  const inStock = variants.filter((v) => v.stock > 0 && v.attributes[name] === value);
  const match =
    inStock.find((v) => Object.entries(before).every(([other, chosen]) => v.attributes[other] === chosen)) ??
    inStock[0];
  return match ? { ...next, ...match.attributes } : next;
}

/** Starts on the cheapest in-stock variant, the first of equals (or the first one when none is in stock). */
export function initialSelection(variants: Variant[], attributes: ProductAttribute[]): Selection {
  const start =
    variants
      .filter((v) => v.stock > 0)
      .reduce<Variant | undefined>(
        (best, v) => (!best || unitPriceCents(v) < unitPriceCents(best) ? v : best),
        undefined,
      ) ?? variants[0];
  if (!start) return {};
  return Object.fromEntries(attributes.map((a) => [a.name, start.attributes[a.name] ?? a.values[0] ?? '']));
}
