import type { ProductAttribute, Variant } from '@store/contracts';
import { variant } from '@store/testing';
import { choicesBefore, chooseOption, findVariant, initialSelection, isOptionAvailable } from './variantChoice';

const attributes: ProductAttribute[] = [
  { name: 'size', values: ['S', 'M', 'L'] },
  { name: 'colour', values: ['Red', 'Blue'] },
];
const variants: Variant[] = [
  variant({ id: 1, stock: 0, attributes: { size: 'S', colour: 'Red' } }),
  variant({ id: 2, stock: 4, attributes: { size: 'S', colour: 'Blue' } }),
  variant({ id: 3, stock: 7, attributes: { size: 'M', colour: 'Red' } }),
  variant({ id: 4, stock: 0, attributes: { size: 'M', colour: 'Blue' } }),
  variant({ id: 5, stock: 0, attributes: { size: 'L', colour: 'Red' } }),
];

describe('findVariant', () => {
  it('finds the variant matching every chosen attribute', () => {
    expect(findVariant(variants, { size: 'M', colour: 'Blue' })?.id).toBe(4);
    expect(findVariant(variants, { size: 'S', colour: 'Blue' })?.id).toBe(2);
  });

  it('finds nothing for a combination that does not exist', () => {
    expect(findVariant(variants, { size: 'L', colour: 'Blue' })).toBeUndefined();
    expect(findVariant(variants, { size: 'XL' })).toBeUndefined();
  });
});

describe('isOptionAvailable', () => {
  it('disables a value that only makes combinations without stock', () => {
    expect(isOptionAvailable(variants, { size: 'S' }, 'colour', 'Red')).toBe(false);
    expect(isOptionAvailable(variants, { size: 'S' }, 'colour', 'Blue')).toBe(true);
    expect(isOptionAvailable(variants, { size: 'M' }, 'colour', 'Blue')).toBe(false);
    expect(isOptionAvailable(variants, { size: 'L' }, 'colour', 'Blue')).toBe(false);
  });

  it('ignores the current choice of the same attribute', () => {
    expect(isOptionAvailable(variants, { size: 'S', colour: 'Red' }, 'colour', 'Blue')).toBe(true);
  });

  it('with no other choice, a value is available when any in-stock variant has it', () => {
    expect(isOptionAvailable(variants, {}, 'size', 'M')).toBe(true);
    expect(isOptionAvailable(variants, {}, 'size', 'L')).toBe(false);
  });
});

describe('initialSelection', () => {
  it('starts on the first variant in stock', () => {
    expect(initialSelection(variants, attributes)).toEqual({ size: 'S', colour: 'Blue' });
  });

  it('starts on the cheapest variant in stock, the first of equal prices', () => {
    const priced = variants.map((v) => ({ ...v, sale_price: '0', regular_price: v.id === 3 ? '70.00' : '80.00' }));
    expect(initialSelection(priced, attributes)).toEqual({ size: 'M', colour: 'Red' });
    const cheapSoldOut = priced.map((v) => (v.id === 1 ? { ...v, regular_price: '10.00' } : v));
    expect(initialSelection(cheapSoldOut, attributes)).toEqual({ size: 'M', colour: 'Red' });
  });

  it('starts on the first variant when none is in stock, and on nothing without variants', () => {
    const soldOut = variants.map((v) => ({ ...v, stock: 0 }));
    expect(initialSelection(soldOut, attributes)).toEqual({ size: 'S', colour: 'Red' });
    expect(initialSelection([], attributes)).toEqual({});
  });
});

describe('choicesBefore and chooseOption (three attributes)', () => {
  const three: ProductAttribute[] = [
    { name: 'size', values: ['S', 'M'] },
    { name: 'colour', values: ['Red', 'Blue'] },
    { name: 'material', values: ['Cotton', 'Wool'] },
  ];
  const stock: Variant[] = [
    variant({ id: 10, stock: 3, attributes: { size: 'S', colour: 'Red', material: 'Cotton' } }),
    variant({ id: 11, stock: 2, attributes: { size: 'S', colour: 'Blue', material: 'Wool' } }),
    variant({ id: 12, stock: 5, attributes: { size: 'M', colour: 'Blue', material: 'Cotton' } }),
  ];

  it('an option depends only on the choices listed before it', () => {
    const selection = { size: 'S', colour: 'Red', material: 'Cotton' };
    expect(choicesBefore(three, selection, 'size')).toEqual({});
    expect(choicesBefore(three, selection, 'colour')).toEqual({ size: 'S' });
    expect(choicesBefore(three, selection, 'material')).toEqual({ size: 'S', colour: 'Red' });
    // S/Blue is buyable (in wool), so Blue must not be disabled by the current Cotton choice.
    expect(isOptionAvailable(stock, choicesBefore(three, selection, 'colour'), 'colour', 'Blue')).toBe(true);
  });

  it('keeps a buyable combination and otherwise moves the later choices to one that is', () => {
    const selection = { size: 'S', colour: 'Red', material: 'Cotton' };
    expect(chooseOption(stock, three, selection, 'colour', 'Blue')).toEqual({
      size: 'S',
      colour: 'Blue',
      material: 'Wool',
    });
    expect(chooseOption(stock, three, { size: 'S', colour: 'Blue', material: 'Wool' }, 'size', 'M')).toEqual({
      size: 'M',
      colour: 'Blue',
      material: 'Cotton',
    });
    expect(chooseOption(stock, three, { size: 'M', colour: 'Blue', material: 'Cotton' }, 'size', 'S')).toEqual({
      size: 'S',
      colour: 'Red',
      material: 'Cotton',
    });
  });
});
