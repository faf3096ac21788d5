import type {
  Address,
  CartItem,
  Order,
  OrderLine,
  ProductCard,
  ProductDetail,
  ProductSummary,
  UserProfile,
  Variant,
} from '@store/contracts';

/** Answers shaped as api/src/modules (catalog, cart, users, orders) sends them: defaults, then the test's overrides. */

const timestamp = '2024-01-01T00:00:00.000Z';

/** Where the API serves a product's first image. */
const productImage = (id: number) => `/api/media/products/${id}/1.svg`;

export function productSummary(overrides: Partial<ProductSummary> = {}): ProductSummary {
  return {
    id: 1,
    name: 'Trail Runner',
    category: 'Shoes',
    type: 'VARIABLE',
    published: true,
    subscribers: 0,
    created_by: null,
    last_modified_by: null,
    created_at: timestamp,
    last_modified_at: timestamp,
    ...overrides,
  };
}

export function variant(overrides: Partial<Variant> = {}): Variant {
  const id = overrides.id ?? 1;
  return {
    id,
    sku: `SKU-${id}`,
    sale_price: '0.00',
    regular_price: '49.99',
    stock: 10,
    attributes: {},
    ...overrides,
  };
}

/** A product as lists show it; the slug follows the name and the image the id unless given. */
export function productCard(overrides: Partial<ProductCard> = {}): ProductCard {
  const summary = productSummary(overrides);
  return {
    ...summary,
    slug: summary.name.toLowerCase().replace(/\W+/g, '-'),
    image: productImage(summary.id),
    photo: null,
    min_price: '49.99',
    regular_min_price: '49.99',
    price_varies: false,
    on_sale: false,
    in_stock: true,
    featured: false,
    rating: 4.5,
    review_count: 12,
    ...overrides,
  };
}

/** A product page's answer: the card plus a description, its images, attributes and variants (one unless given). */
export function productDetail(overrides: Partial<ProductDetail> = {}): ProductDetail {
  const card = productCard(overrides);
  return {
    ...card,
    description: `All about ${card.name}.`,
    images: [card.image],
    photos: [],
    attributes: [],
    variants: [variant()],
    ...overrides,
  };
}

/** A cart line: the product's summary and image, the chosen variant and the quantity (1 unless given). */
export function cartItem({
  product = {},
  variant: chosen = {},
  quantity = 1,
}: {
  product?: Partial<CartItem['product']>;
  variant?: Partial<Variant>;
  quantity?: number;
} = {}): CartItem {
  const summary = productSummary(product);
  return {
    product: { ...summary, image: product.image ?? productImage(summary.id) },
    variant: variant(chosen),
    quantity,
  };
}

/** `GET users/me`: a signed-in shopper with an empty cart unless given. */
export function userProfile(overrides: Partial<UserProfile> = {}): UserProfile {
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

/**
 * A line of a placed order: two of product 5's variant 51 at $30.00, still sold. The image follows the
 * product unless given; a line whose product is gone: `{ product_available: false, quantity: 0, … }`.
 */
/** A delivery address as the checkout sends it and an order keeps it (London, as in the API's and e2e's fixtures). */
export function address(overrides: Partial<Address> = {}): Address {
  return {
    full_name: 'Ada Lovelace',
    street: '12 Market Street',
    city: 'London',
    postal_code: 'N1 9GU',
    country: 'GB',
    phone: '+44 20 7946 0958',
    ...overrides,
  };
}

export function orderLine(overrides: Partial<OrderLine> = {}): OrderLine {
  const productId = overrides.product_id ?? 5;
  return {
    product_id: productId,
    variant_id: 51,
    name: 'Amber Lamp',
    image: productImage(productId),
    attributes: { colour: 'amber' },
    sku: 'AL-1',
    unit_price: '30.00',
    quantity: 2,
    line_total: '60.00',
    product_available: true,
    ...overrides,
  };
}

/** An order as `GET users/me/orders/{id}` and `GET admin/orders/{id}` send it: pay later, pending, one line. */
export function order(overrides: Partial<Order> = {}): Order {
  const id = overrides.id ?? 41;
  return {
    id,
    number: `ORD-${id}`,
    status: 'PENDING',
    payment_method: 'PAY_LATER',
    total: '64.95',
    subtotal: '60.00',
    delivery_method: 'STANDARD',
    delivery_price: '4.95',
    item_count: 2,
    created_at: '2026-11-20T10:00:00.000Z',
    customer: { id: 7, email: 'ada@example.com', name: 'Ada Lovelace' },
    shipping_address: 'Ada Lovelace, 12 Market Street, N1 9GU London, United Kingdom, +44 20 7946 0958',
    address: address(),
    payment_due_at: '2026-12-04T10:00:00.000Z',
    paid_at: null,
    status_history: [{ status: 'PENDING', at: '2026-11-20T10:00:00.000Z' }],
    lines: [orderLine()],
    ...overrides,
  };
}
