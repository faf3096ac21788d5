/**
 * Zod-free order texts and lists (imported by screens on the first paint through
 * `@store/contracts/order-labels`; the schemas live in orders.ts).
 */

export const orderStatuses = ['PENDING', 'PAID', 'PROCESSING', 'SHIPPED', 'DELIVERED', 'CANCELLED'] as const;
type Status = (typeof orderStatuses)[number];
/**
 * Where staff may move an order from each status: forward along pending → processing → shipped →
 * delivered, or cancelled before it ships. PAID is reached by a confirmed payment (the pay-later
 * "mark paid"), never set by hand; delivered and cancelled are final.
 */
export const orderStatusTransitions: Record<Status, readonly Status[]> = {
  PENDING: ['PROCESSING', 'CANCELLED'],
  PAID: ['PROCESSING', 'CANCELLED'],
  PROCESSING: ['SHIPPED', 'CANCELLED'],
  SHIPPED: ['DELIVERED'],
  DELIVERED: [],
  CANCELLED: [],
};

/**
 * Every payment method an order may carry. `CARD` is legacy only: orders recorded before payment
 * providers existed keep it, but no checkout can choose it.
 */
export const paymentMethods = ['PAY_LATER', 'CASH_ON_DELIVERY', 'CARD'] as const;

/** Days a pay-later invoice has before it is due. */
export const PAY_LATER_TERM_DAYS = 14;

export const paymentMethodLabels: Record<(typeof paymentMethods)[number], string> = {
  PAY_LATER: 'Pay later',
  CASH_ON_DELIVERY: 'Cash on delivery',
  CARD: 'Card',
};
export const orderStatusLabels: Record<(typeof orderStatuses)[number], string> = {
  PENDING: 'Pending',
  PAID: 'Paid',
  PROCESSING: 'Processing',
  SHIPPED: 'Shipped',
  DELIVERED: 'Delivered',
  CANCELLED: 'Cancelled',
};

/** Countries the store delivers to (ISO 3166-1 alpha-2 code and name), offered as a list at checkout. */
export const countries = [
  { code: 'AU', name: 'Australia' },
  { code: 'AT', name: 'Austria' },
  { code: 'BE', name: 'Belgium' },
  { code: 'CA', name: 'Canada' },
  { code: 'DK', name: 'Denmark' },
  { code: 'FR', name: 'France' },
  { code: 'DE', name: 'Germany' },
  { code: 'IE', name: 'Ireland' },
  { code: 'IT', name: 'Italy' },
  { code: 'NL', name: 'Netherlands' },
  { code: 'NZ', name: 'New Zealand' },
  { code: 'ES', name: 'Spain' },
  { code: 'SE', name: 'Sweden' },
  { code: 'CH', name: 'Switzerland' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'US', name: 'United States' },
] as const;
export type CountryCode = (typeof countries)[number]['code'];
export const countryName = (code: string) => countries.find((c) => c.code === code)?.name ?? code;

/** An address as an order keeps it (`addressSchema` checks it on the way in; stored, the country is text). */
export interface StoredAddress {
  full_name: string;
  street: string;
  city: string;
  postal_code: string;
  country: string;
  phone: string;
}

/** One line of text for an address (what the admin lists and the e-mail show). */
export const formatAddress = (a: StoredAddress) =>
  `${a.full_name}, ${a.street}, ${a.postal_code} ${a.city}, ${countryName(a.country)}, ${a.phone}`;
