import { adminProductInputSchema } from './admin';

const variant = { sku: 'LAMP-1', regular_price: '20.00', sale_price: '', stock: '3', attributes: {} };
const valid = { name: 'Desk Lamp', category_id: '2', type: 'VARIABLE', description: '', variants: [variant] };

/** Each issue as `path: message`, the way the admin form shows it at the field. */
const issuesOf = (input: unknown) => {
  const r = adminProductInputSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('admin product input (the product form and POST/PUT admin/products)', () => {
  it('accepts form values: ids and stock as text, an empty sale price meaning not on sale', () => {
    const r = adminProductInputSchema.parse(valid);
    expect(r.category_id).toBe(2);
    expect(r.variants[0]).toMatchObject({ stock: 3, sale_price: '0.00', regular_price: '20.00' });
    expect(r.published).toBe(true);
  });

  it('says what is wrong at each field', () => {
    expect(
      issuesOf({
        ...valid,
        name: '  ',
        category_id: '',
        variants: [{ sku: '', regular_price: '12,5', sale_price: 'abc', stock: '-1', attributes: {} }],
      }),
    ).toEqual([
      'name: Name is required',
      'category_id: Choose a category',
      'variants.0.sku: SKU is required',
      'variants.0.regular_price: Must be a decimal amount like 19.99',
      'variants.0.sale_price: Must be a decimal amount like 19.99',
      'variants.0.stock: Stock cannot be negative',
    ]);
    expect(issuesOf({ ...valid, variants: [{ ...variant, stock: '1.5' }] })).toEqual([
      'variants.0.stock: Stock must be a whole number',
    ]);
  });

  it('needs a sale price below the regular price, and a regular price above 0', () => {
    expect(issuesOf({ ...valid, variants: [{ ...variant, sale_price: '25.00' }] })).toEqual([
      'variants.0.sale_price: Sale price must be below the regular price',
    ]);
    expect(issuesOf({ ...valid, variants: [{ ...variant, sale_price: '19.99' }] })).toEqual([]);
    expect(issuesOf({ ...valid, variants: [{ ...variant, regular_price: '0' }] })).toEqual([
      'variants.0.regular_price: Regular price must be above 0',
    ]);
  });

  it('needs at least one variant, each with its own SKU, and one only for a simple product', () => {
    expect(issuesOf({ ...valid, variants: [] })).toEqual(['variants: At least one variant is required']);
    expect(issuesOf({ ...valid, variants: [variant, { ...variant, sku: 'lamp-1' }] })).toEqual([
      'variants.1.sku: Each variant needs its own SKU',
    ]);
    expect(issuesOf({ ...valid, type: 'SIMPLE', variants: [variant, { ...variant, sku: 'LAMP-2' }] })).toEqual([
      'variants: A simple product has one variant: make it variable to sell several',
    ]);
  });
});
