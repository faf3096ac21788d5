import type { DeliveryMethod } from '@store/contracts';

export interface DeliveryOption {
  id: DeliveryMethod;
  label: string;
  description: string;
  /** The price for a cart subtotal, in cents. */
  priceCents(subtotalCents: number): number;
}

/** Standard delivery is free from this subtotal on. */
export const FREE_STANDARD_FROM_CENTS = 7500;

/** Delivery methods and their prices: the server's, never the client's. */
export const deliveryOptions: Record<DeliveryMethod, DeliveryOption> = {
  STANDARD: {
    id: 'STANDARD',
    label: 'Standard delivery',
    description: '3–5 business days; free from $75.00',
    priceCents: (subtotal) => (subtotal >= FREE_STANDARD_FROM_CENTS ? 0 : 495),
  },
  EXPRESS: {
    id: 'EXPRESS',
    label: 'Express delivery',
    description: '1–2 business days',
    priceCents: () => 1495,
  },
};
