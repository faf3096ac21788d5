import { attributeFormSchema } from './AttributeForm';

describe('attributeFormSchema', () => {
  it('splits the values line at commas, trims and drops empty ones', () => {
    expect(attributeFormSchema.parse({ name: ' Size ', values: 'S, M ,, L ' })).toEqual({
      name: 'Size',
      values: ['S', 'M', 'L'],
    });
  });

  it('requires a name and keeps each value within the API’s length', () => {
    const empty = attributeFormSchema.safeParse({ name: '  ', values: '' });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe('Name is required');
    expect(attributeFormSchema.safeParse({ name: 'Size', values: 'x'.repeat(51) }).success).toBe(false);
  });
});
