import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminAttribute, AdminCategory, AdminProduct } from '@store/contracts';
import {
  productDetail,
  renderWithProviders,
  resetSession,
  signIn,
  startApi,
  variant,
  type TestApi,
} from '@store/testing';
import { ProductForm } from './ProductForm';
import { fieldPaths, formValues } from './productFormValues';

const categories: AdminCategory[] = [
  { id: 1, name: 'Lighting', description: '', image: '', product_count: 3 },
  { id: 2, name: 'Textiles', description: '', image: '', product_count: 0 },
];
const attributes: AdminAttribute[] = [{ id: 5, name: 'colour', values: ['Brass', 'Black'], product_count: 1 }];
const saved: AdminProduct = {
  ...productDetail({
    id: 9,
    name: 'Desk Lamp',
    variants: [variant({ id: 91, sku: 'LAMP-1', regular_price: '40.00', stock: 5, attributes: { colour: 'Brass' } })],
  }),
  category_id: 1,
  total_stock: 5,
};

let api: TestApi;
let answer: { status: number; body: unknown };
beforeEach(async () => {
  answer = { status: 201, body: saved };
  api = await startApi((req) =>
    req.method === 'POST' && req.url === '/api/admin/products'
      ? answer
      : { status: 404, body: { detail: 'Not found.' } },
  );
  signIn('ADMIN');
});
afterEach(async () => {
  resetSession();
  await api.close();
});

function renderForm(props: Partial<Parameters<typeof ProductForm>[0]> = {}) {
  const onSaved = jest.fn();
  const onDirtyChange = jest.fn();
  renderWithProviders(
    <ProductForm
      categories={categories}
      attributes={attributes}
      onSaved={onSaved}
      onDirtyChange={onDirtyChange}
      onCancel={() => undefined}
      {...props}
    />,
  );
  return { onSaved, onDirtyChange, user: userEvent.setup() };
}
const variantBox = (n: number) => screen.getByRole('group', { name: `Variant ${n}` });

describe('ProductForm validation', () => {
  it('shows each problem at its field and sends nothing', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Choose a category')).toBeInTheDocument();
    expect(within(variantBox(1)).getByText('SKU is required')).toBeInTheDocument();
    expect(within(variantBox(1)).getByText('Must be a decimal amount like 19.99')).toBeInTheDocument();
    expect(api.calls()).toEqual([]);
  });

  it('checks prices and stock, and SKUs across variants', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Name'), 'Desk Lamp');
    await user.selectOptions(screen.getByLabelText('Category'), 'Lighting');
    const v1 = within(variantBox(1));
    await user.type(v1.getByLabelText('SKU'), 'LAMP-1');
    await user.type(v1.getByLabelText('Regular price ($)'), '40');
    await user.type(v1.getByLabelText('Sale price ($)'), '45');
    await user.clear(v1.getByLabelText('Stock'));
    await user.type(v1.getByLabelText('Stock'), '-2');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await v1.findByText('Stock cannot be negative')).toBeInTheDocument();

    await user.clear(v1.getByLabelText('Stock'));
    await user.type(v1.getByLabelText('Stock'), '3');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await v1.findByText('Sale price must be below the regular price')).toBeInTheDocument();

    await user.clear(v1.getByLabelText('Sale price ($)'));
    await user.click(screen.getByRole('button', { name: 'Add variant' }));
    const v2 = within(variantBox(2));
    await user.type(v2.getByLabelText('SKU'), 'lamp-1');
    await user.type(v2.getByLabelText('Regular price ($)'), '45.00');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await v2.findByText('Each variant needs its own SKU')).toBeInTheDocument();
    expect(api.calls()).toEqual([]);
  });

  it('sends the API the schema’s values: numbers, "0.00" for no sale, the chosen attribute values', async () => {
    const { user, onSaved } = renderForm();
    await user.type(screen.getByLabelText('Name'), 'Desk Lamp');
    await user.selectOptions(screen.getByLabelText('Category'), 'Lighting');
    await user.click(screen.getByRole('checkbox', { name: 'colour' }));
    const v1 = within(variantBox(1));
    await user.type(v1.getByLabelText('SKU'), 'LAMP-1');
    await user.type(v1.getByLabelText('Regular price ($)'), '40');
    await user.clear(v1.getByLabelText('Stock'));
    await user.type(v1.getByLabelText('Stock'), '5');
    await user.selectOptions(v1.getByLabelText('colour'), 'Brass');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(api.bodyOf('POST /api/admin/products')).toEqual({
      name: 'Desk Lamp',
      description: '',
      category_id: 1,
      type: 'VARIABLE',
      published: true,
      featured: false,
      variants: [{ sku: 'LAMP-1', regular_price: '40', sale_price: '0.00', stock: 5, attributes: { colour: 'Brass' } }],
    });
  });

  it('a refusal from the server shows at the field and keeps everything typed', async () => {
    answer = { status: 400, body: { detail: 'variants.0.sku: taken', 'variants.0.sku': ['This SKU is taken.'] } };
    const { user, onSaved } = renderForm();
    await user.type(screen.getByLabelText('Name'), 'Desk Lamp');
    await user.selectOptions(screen.getByLabelText('Category'), 'Textiles');
    const v1 = within(variantBox(1));
    await user.type(v1.getByLabelText('SKU'), 'TAKEN-1');
    await user.type(v1.getByLabelText('Regular price ($)'), '12.50');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await v1.findByText('This SKU is taken.')).toBeInTheDocument();
    expect(screen.getByText('Some fields need attention: see the messages below.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Desk Lamp');
    expect(screen.getByLabelText('Category')).toHaveValue('2');
    expect(v1.getByLabelText('Regular price ($)')).toHaveValue('12.50');
    expect(onSaved).not.toHaveBeenCalled();

    answer = { status: 500, body: { detail: 'Internal server error.' } };
    await user.clear(v1.getByLabelText('SKU'));
    await user.type(v1.getByLabelText('SKU'), 'FREE-1');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText(/Your changes are still here/)).toBeInTheDocument();
    expect(v1.getByLabelText('SKU')).toHaveValue('FREE-1');
  });

  it('reports unsaved changes as soon as something is typed', async () => {
    const { user, onDirtyChange } = renderForm({ product: saved });
    expect(onDirtyChange).toHaveBeenLastCalledWith(false);
    expect(within(variantBox(1)).getByLabelText('colour')).toHaveValue('Brass');
    await user.type(screen.getByLabelText('Name'), ' XL');
    expect(onDirtyChange).toHaveBeenLastCalledWith(true);
  });
});

describe('form helpers', () => {
  it('fills the form from a product: an empty sale price when not on sale, text for numbers', () => {
    expect(formValues(saved).variants[0]).toEqual({
      id: 91,
      sku: 'LAMP-1',
      regular_price: '40.00',
      sale_price: '',
      stock: '5',
      attributes: { colour: 'Brass' },
    });
  });
  it('places server field errors at fields it has, the others in the banner', () => {
    expect(
      fieldPaths({ name: 'Taken', 'variants.3.sku': 'Bad', 'variants.0.stock': 'Too many', other: 'Hm' }, 2),
    ).toEqual({
      atFields: [
        ['name', 'Taken'],
        ['variants.0.stock', 'Too many'],
      ],
      elsewhere: ['Bad', 'Hm'],
    });
  });
});
