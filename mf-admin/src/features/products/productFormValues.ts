import type { FieldPath } from 'react-hook-form';
import type { adminProductInputSchema, AdminProduct, AdminProductInput } from '@store/contracts';

/** The product form's values: the API's product input (`adminProductInputSchema`). */
export type ProductFormValues = AdminProductInput;
/** What the schema makes of them: what the form saves. */
export type ProductFormOutput = ReturnType<typeof adminProductInputSchema.parse>;
type Values = ProductFormValues;

export const emptyVariant = (): Values['variants'][number] => ({
  sku: '',
  regular_price: '',
  sale_price: '',
  stock: '0',
  attributes: {},
});

/** The form's values for a product (edit) or a new one (add). */
export function formValues(product?: AdminProduct): Values {
  if (!product) {
    return {
      name: '',
      description: '',
      category_id: '' as unknown as number,
      type: 'VARIABLE',
      published: true,
      featured: false,
      variants: [emptyVariant()],
    };
  }
  return {
    name: product.name,
    description: product.description,
    category_id: String(product.category_id) as unknown as number,
    type: product.type === 'SIMPLE' ? 'SIMPLE' : 'VARIABLE',
    published: product.published,
    featured: product.featured,
    variants: product.variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      regular_price: v.regular_price,
      sale_price: v.sale_price === '0.00' ? '' : v.sale_price,
      stock: String(v.stock) as unknown as number,
      attributes: v.attributes,
    })),
  };
}

/** The attribute names a product's variants use, in first-seen order. */
export const usedAttributes = (values: Values) => [
  ...new Set(values.variants.flatMap((v) => Object.keys(v.attributes ?? {}))),
];

/** Server field errors (`name`, `variants.0.sku`, `variants`) that the form can show at a field. */
export function fieldPaths(errors: Record<string, string>, variantCount: number) {
  const top = new Set(['name', 'description', 'category_id', 'type', 'published', 'featured', 'variants']);
  const atFields: [FieldPath<Values>, string][] = [];
  const elsewhere: string[] = [];
  for (const [key, message] of Object.entries(errors)) {
    const variant = /^variants\.(\d+)\.(sku|regular_price|sale_price|stock|attributes)$/.exec(key);
    if (top.has(key) || (variant && Number(variant[1]) < variantCount)) {
      atFields.push([key as FieldPath<Values>, message]);
    } else {
      elsewhere.push(message);
    }
  }
  return { atFields, elsewhere };
}
