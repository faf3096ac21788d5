import type { CartItem } from '@store/contracts';

export type CartLineInput = Pick<CartItem, 'product' | 'variant'>;

const sameLine = (item: CartItem, productId: number, variantId: number) =>
  item.product.id === productId && item.variant.id === variantId;

/** SPEC.md section 4: the same product and variant adds to the quantity; otherwise a new line. */
export function addLine(cart: CartItem[], line: CartLineInput, quantity = 1): CartItem[] {
  if (quantity <= 0) return cart;
  const existing = cart.find((i) => sameLine(i, line.product.id, line.variant.id));
  if (existing) {
    return cart.map((i) => (i === existing ? { ...i, quantity: i.quantity + quantity } : i));
  }
  return [...cart, { product: line.product, variant: line.variant, quantity }];
}

/** A quantity of 0 or less removes the line. */
export function setLineQuantity(cart: CartItem[], productId: number, variantId: number, quantity: number): CartItem[] {
  if (quantity <= 0) return removeLine(cart, productId, variantId);
  return cart.map((i) => (sameLine(i, productId, variantId) ? { ...i, quantity } : i));
}

export function removeLine(cart: CartItem[], productId: number, variantId: number): CartItem[] {
  return cart.filter((i) => !sameLine(i, productId, variantId));
}

export function cartCount(cart: CartItem[]): number {
  return cart.reduce((n, i) => n + i.quantity, 0);
}
