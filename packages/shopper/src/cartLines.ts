import type { CartItem } from '@store/contracts';

export type CartLineInput = Pick<CartItem, 'product' | 'variant'>;

const sameLine = (item: CartItem, productId: number, variantId: number) =>
  item.product.id === productId && item.variant.id === variantId;

export function findLine(cart: CartItem[], productId: number, variantId: number): CartItem | undefined {
  return cart.find((i) => sameLine(i, productId, variantId));
}

/** SPEC.md section 4: the same product and variant adds to the quantity; otherwise a new line. */
export function addLine(cart: CartItem[], line: CartLineInput, quantity = 1): CartItem[] {
  if (quantity <= 0) return cart;
  const existing = findLine(cart, line.product.id, line.variant.id);
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

/** Puts a removed line back where it was (a failed remove), unless the cart holds it again. */
export function restoreLine(cart: CartItem[], line: CartItem, index: number): CartItem[] {
  if (findLine(cart, line.product.id, line.variant.id)) return cart;
  const next = [...cart];
  next.splice(Math.max(0, Math.min(index, next.length)), 0, line);
  return next;
}

export function cartCount(cart: CartItem[]): number {
  return cart.reduce((n, i) => n + i.quantity, 0);
}
