import type { Address, CheckoutPaymentMethod, DeliveryMethod } from '@store/contracts';
import { sessionStore } from '@store/session';

export interface CheckoutDraft {
  address: Address | null;
  delivery: DeliveryMethod;
  payment: CheckoutPaymentMethod | null;
}

const empty = (): CheckoutDraft => ({ address: null, delivery: 'STANDARD', payment: null });

/**
 * What the shopper entered in this checkout, kept in memory while they step out of it (to fix the
 * cart, say) and back. Never written to storage; dropped after an order and on sign-out.
 */
let draft = empty();

export const readDraft = () => draft;
export const saveDraft = (next: Partial<CheckoutDraft>) => {
  draft = { ...draft, ...next };
};
export const clearDraft = () => {
  draft = empty();
};

sessionStore.subscribe((state, previous) => {
  if (previous.isAuthenticated && !state.isAuthenticated) clearDraft();
});
