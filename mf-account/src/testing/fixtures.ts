import type { ProductCard, ProductDetail, UserProfile, Variant } from '@store/contracts';

/** Answers shaped as api/src/modules/users and catalog send them. */
export function profileFixture(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    id: 7,
    email: 'ada@example.com',
    username: 'ada',
    first_name: 'Ada',
    last_name: 'Lovelace',
    role: 'REGULAR',
    is_active: true,
    date_joined: '2024-01-02T03:04:05.000Z',
    cart: { id: 3, cart_items: [] },
    ...overrides,
  };
}

export function productCardFixture(overrides: Partial<ProductCard> = {}): ProductCard {
  return {
    id: 1,
    name: 'Linen Shirt',
    category: 'Tops',
    type: 'VARIABLE',
    published: true,
    subscribers: 0,
    created_by: null,
    last_modified_by: null,
    created_at: '2024-01-01T00:00:00.000Z',
    last_modified_at: '2024-01-01T00:00:00.000Z',
    slug: 'linen-shirt',
    image: '/media/linen-shirt.jpg',
    min_price: '40.00',
    regular_min_price: '40.00',
    on_sale: false,
    in_stock: true,
    featured: false,
    rating: 4.5,
    review_count: 2,
    ...overrides,
  };
}

export function variantFixture(overrides: Partial<Variant> = {}): Variant {
  return {
    id: 11,
    sku: 'SKU-11',
    sale_price: '0.00',
    regular_price: '40.00',
    stock: 5,
    attributes: { size: 'M' },
    ...overrides,
  };
}

export function productDetailFixture(card: ProductCard, variants: Variant[]): ProductDetail {
  return { ...card, description: 'A product.', images: [card.image], attributes: [], variants };
}
