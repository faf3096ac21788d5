import { useRef, useState } from 'react';
import { Link, useNavigate } from '@store/router';
import styled from 'styled-components';
import { formatMoney, toCents, unitPriceCents } from '@store/contracts/money';
import { PAY_LATER_TERM_DAYS } from '@store/contracts/order-labels';
import type { Address, CheckoutPaymentMethod, DeliveryMethod, StockShortage } from '@store/contracts';
import { assetUrl, getErrorMessage, getStatus } from '@store/http';
import { cartTotals, useCart } from '@store/shopper';
import { Banner, Button, EmptyState, Panel, Skeleton, Spinner } from '@store/ui';
import { AddressLines, OrderLines } from '@store/ui/order-lines';
import { SummaryLayout, SummaryPanel } from '../order-summary/SummaryPanel';
import { AddressForm } from './AddressForm';
import { useCheckoutOptions } from './api/get-checkout-options';
import { usePlaceOrder } from './api/place-order';
import { ChoiceList } from './ChoiceList';
import { FactGrid } from './FactGrid';
import { clearDraft, readDraft, saveDraft } from './draft';
import { Stepper, steps } from './Stepper';

const Title = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space[4]};
  font-size: ${({ theme }) => theme.fontSizes['3xl']};
`;
/** A step's card: its heading a size larger than the summary's. */
const Step = styled(Panel)`
  padding: ${({ theme }) => theme.space[6]};
  > h2 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: ${({ theme }) => theme.space[4]};
  }
`;
const StepActions = styled.div`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  margin-top: ${({ theme }) => theme.space[6]};
`;
const ReviewGrid = styled(FactGrid)`
  margin-bottom: ${({ theme }) => theme.space[6]};
  h3 {
    display: flex;
    justify-content: space-between;
    align-items: baseline;
    margin: 0 0 ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  h3 button {
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;
const LinkButton = styled.button`
  all: unset;
  cursor: pointer;
  color: ${({ theme }) => theme.colors.info};
  text-decoration: underline;
  text-underline-offset: 2px;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
  }
`;

const paymentNotes: Record<CheckoutPaymentMethod, string> = {
  PAY_LATER: `Invoice due ${PAY_LATER_TERM_DAYS} days after your order.`,
  CASH_ON_DELIVERY: 'Pay the courier in cash on delivery.',
};

/** The checkout: address, delivery, payment, review, then 'Place order'. */
export function CheckoutFlow() {
  const cartQuery = useCart();
  const cart = cartQuery.data ?? [];
  const { count, subtotalCents } = cartTotals(cart);
  const options = useCheckoutOptions(subtotalCents, cart.length > 0);
  const navigate = useNavigate();
  const place = usePlaceOrder();
  const submitting = useRef(false);

  const [step, setStep] = useState(0);
  const [address, setAddressState] = useState<Address | null>(() => readDraft().address);
  const [delivery, setDeliveryState] = useState<DeliveryMethod>(() => readDraft().delivery);
  const [payment, setPaymentState] = useState<CheckoutPaymentMethod | null>(() => readDraft().payment);
  const setAddress = (value: Address) => {
    setAddressState(value);
    saveDraft({ address: value });
  };
  const setDelivery = (value: DeliveryMethod) => {
    setDeliveryState(value);
    saveDraft({ delivery: value });
  };
  const setPayment = (value: CheckoutPaymentMethod) => {
    setPaymentState(value);
    saveDraft({ payment: value });
  };
  const [paymentError, setPaymentError] = useState<string | undefined>();

  if (cart.length === 0 && (cartQuery.isPending || place.isSuccess)) return <Skeleton height="16rem" />;
  if (cart.length === 0) {
    return (
      <EmptyState
        title="Your cart is empty"
        description="Add something to your cart before checking out."
        action={
          <Button as={Link} to="/products" $variant="primary">
            Continue shopping
          </Button>
        }
      />
    );
  }
  if (options.isError) {
    return (
      <EmptyState
        title="Checkout could not be loaded"
        description={getErrorMessage(options.error, 'Please try again in a moment.')}
        action={
          <Button $variant="primary" onClick={() => void options.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  if (!options.data) return <Skeleton height="16rem" />;

  const deliveryOption = options.data.delivery_methods.find((d) => d.id === delivery);
  const deliveryCents = toCents(deliveryOption?.price);
  const paymentOption = options.data.payment_methods.find((p) => p.id === payment);
  const error = place.error;
  const shortage =
    getStatus(error) === 409 ? ((error as { response?: { data?: StockShortage } }).response?.data ?? null) : null;

  const submit = () => {
    if (!address || !payment || submitting.current) return;
    submitting.current = true;
    place.mutate(
      { address, delivery_method: delivery, payment_method: payment },
      {
        onSuccess: (order) => {
          clearDraft();
          void navigate(`/checkout/confirmation/${order.id}`, { replace: true });
        },
        onSettled: () => {
          submitting.current = false;
        },
      },
    );
  };

  const lines = (
    <OrderLines
      label="Items in your order"
      thumb="3.5rem"
      lines={cart.map((item) => {
        const unit = unitPriceCents(item.variant);
        return {
          key: `${item.product.id}:${item.variant.id}`,
          name: item.product.name,
          image: assetUrl(item.product.image),
          attributes: item.variant.attributes,
          quantity: item.quantity,
          unitCents: unit,
          totalCents: unit * item.quantity,
        };
      })}
    />
  );

  return (
    <>
      <Title>Checkout</Title>
      <Stepper current={step} onSelect={setStep} />
      <SummaryLayout>
        <div>
          {step === 0 && (
            <Step aria-labelledby="step-title">
              <h2 id="step-title">Delivery address</h2>
              <AddressForm
                value={address}
                lastAddress={options.data.last_address}
                onSubmit={(value) => {
                  setAddress(value);
                  setStep(1);
                }}
              />
            </Step>
          )}
          {step === 1 && (
            <Step aria-labelledby="step-title">
              <h2 id="step-title">Delivery method</h2>
              <ChoiceList<DeliveryMethod>
                legend="How should we deliver?"
                name="delivery"
                value={delivery}
                onChange={setDelivery}
                options={options.data.delivery_methods.map((d) => ({
                  ...d,
                  aside: toCents(d.price) === 0 ? 'Free' : formatMoney(toCents(d.price)),
                }))}
              />
              <StepActions>
                <Button onClick={() => setStep(0)}>Back</Button>
                <Button $variant="primary" $size="lg" onClick={() => setStep(2)}>
                  Continue to payment
                </Button>
              </StepActions>
            </Step>
          )}
          {step === 2 && (
            <Step aria-labelledby="step-title">
              <h2 id="step-title">Payment method</h2>
              <ChoiceList<CheckoutPaymentMethod>
                legend="How would you like to pay?"
                name="payment"
                value={payment}
                onChange={(value) => {
                  setPayment(value);
                  setPaymentError(undefined);
                }}
                options={options.data.payment_methods}
                error={paymentError}
              />
              <StepActions>
                <Button onClick={() => setStep(1)}>Back</Button>
                <Button
                  $variant="primary"
                  $size="lg"
                  onClick={() => (payment ? setStep(3) : setPaymentError('Choose a payment method'))}
                >
                  Continue to review
                </Button>
              </StepActions>
            </Step>
          )}
          {step === 3 && address && paymentOption && (
            <Step aria-labelledby="step-title">
              <h2 id="step-title">Review your order</h2>
              <ReviewGrid>
                <section aria-label="Delivery address">
                  <h3>
                    Address <LinkButton onClick={() => setStep(0)}>Change</LinkButton>
                  </h3>
                  <p>
                    <AddressLines address={address} />
                  </p>
                </section>
                <section aria-label="Delivery">
                  <h3>
                    Delivery <LinkButton onClick={() => setStep(1)}>Change</LinkButton>
                  </h3>
                  <p>
                    {deliveryOption?.label}
                    <br />
                    {deliveryOption?.description}
                    <br />
                    {deliveryCents === 0 ? 'Free' : formatMoney(deliveryCents)}
                  </p>
                </section>
                <section aria-label="Payment">
                  <h3>
                    Payment <LinkButton onClick={() => setStep(2)}>Change</LinkButton>
                  </h3>
                  <p>
                    {paymentOption.label}
                    <br />
                    {paymentNotes[paymentOption.id]}
                  </p>
                </section>
              </ReviewGrid>
              {lines}
            </Step>
          )}
        </div>
        <SummaryPanel aria-labelledby="summary-title">
          <h2 id="summary-title">Order summary</h2>
          {step < 3 && lines}
          <dl>
            <dt>Items ({count})</dt>
            <dd>{formatMoney(subtotalCents)}</dd>
            <dt>Delivery</dt>
            <dd>{step === 0 ? 'Next step' : deliveryCents === 0 ? 'Free' : formatMoney(deliveryCents)}</dd>
            <dt className="total">Total</dt>
            <dd className="total" data-testid="checkout-total">
              {formatMoney(subtotalCents + (step === 0 ? 0 : deliveryCents))}
            </dd>
          </dl>
          {step === 3 && (
            <>
              {error && (
                <Banner tone="error">
                  {getErrorMessage(error, 'Your order could not be placed. Please try again.')}
                  {shortage && (
                    <>
                      {' '}
                      <Link to="/cart" state={{ shortage: shortage.lines }}>
                        Fix it in your cart
                      </Link>
                    </>
                  )}
                </Banner>
              )}
              <Button
                $variant="primary"
                $size="lg"
                $block
                onClick={submit}
                disabled={place.isPending || place.isSuccess}
                aria-busy={place.isPending}
              >
                {place.isPending ? (
                  <>
                    <Spinner size={16} label="Placing order" /> Placing order…
                  </>
                ) : (
                  'Place order'
                )}
              </Button>
              <small>Prices, delivery and stock are checked again when you place the order.</small>
            </>
          )}
          {step < 3 && (
            <small>
              Step {step + 1} of {steps.length}
            </small>
          )}
        </SummaryPanel>
      </SummaryLayout>
    </>
  );
}
