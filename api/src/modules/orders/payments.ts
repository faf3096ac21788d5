import type { CheckoutPaymentMethod } from '@store/contracts';
import { PAY_LATER_TERM_DAYS } from '@store/contracts';

const DAY = 24 * 60 * 60 * 1000;

/** What a provider says about an order's payment when the order is placed. */
export interface PaymentStart {
  /**
   * Set only when the provider itself confirmed the money was taken (a card provider would, after
   * the charge succeeded). Nothing else may mark an order paid.
   */
  confirmedAt: Date | null;
  /** When payment falls due (pay later), else null. */
  dueAt: Date | null;
}

/**
 * A payment method behind the checkout. A card provider is added by implementing this (charging
 * inside `start`, or before the order transaction with its own idempotency key) and listing it in
 * `paymentProviders` plus `checkoutPaymentMethodSchema`.
 */
export interface PaymentProvider {
  id: CheckoutPaymentMethod;
  label: string;
  description: string;
  start(order: { totalCents: number; placedAt: Date }): Promise<PaymentStart>;
}

/** An invoice due PAY_LATER_TERM_DAYS after the order; the admin marks it paid (a pay-later item). */
const payLater: PaymentProvider = {
  id: 'PAY_LATER',
  label: 'Pay later',
  description: `Receive an invoice and pay within ${PAY_LATER_TERM_DAYS} days.`,
  start: async ({ placedAt }) => ({
    confirmedAt: null,
    dueAt: new Date(placedAt.getTime() + PAY_LATER_TERM_DAYS * DAY),
  }),
};

/** Paid to the courier at the door: nothing is taken at checkout. */
const cashOnDelivery: PaymentProvider = {
  id: 'CASH_ON_DELIVERY',
  label: 'Cash on delivery',
  description: 'Pay the courier in cash when your order arrives.',
  start: async () => ({ confirmedAt: null, dueAt: null }),
};

export const paymentProviders: Record<CheckoutPaymentMethod, PaymentProvider> = {
  PAY_LATER: payLater,
  CASH_ON_DELIVERY: cashOnDelivery,
};
