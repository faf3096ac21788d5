import { useState } from 'react';
import { Link, useLocation } from '@store/router';
import styled from 'styled-components';
import { formatMoney } from '@store/contracts/money';
import type { StockShortage } from '@store/contracts';
import { getErrorMessage } from '@store/http';
import { RequireSignIn, cartTotals, useCart, useClearCart } from '@store/shopper';
import { Banner, Button, Dialog, EmptyState, Skeleton, useDocumentTitle } from '@store/ui';
import { SummaryLayout, SummaryPanel } from '../order-summary/SummaryPanel';
import { CartLine } from './CartLine';

const Layout = styled(SummaryLayout)`
  > ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
`;
const Head = styled.header`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  justify-content: space-between;
  align-items: baseline;
  margin-bottom: ${({ theme }) => theme.space[4]};
  & + div[role='alert'] {
    margin-bottom: ${({ theme }) => theme.space[4]};
  }
  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes['3xl']};
  }
`;
const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]};
`;

function Cart() {
  const query = useCart();
  const cart = query.data ?? [];
  const { clearCart, isPending } = useClearCart();
  const [confirming, setConfirming] = useState(false);
  const { count, subtotalCents } = cartTotals(cart);
  // Sent by the checkout when the stock no longer covered some lines: those lines are highlighted.
  const shortage = (useLocation().state as { shortage?: StockShortage['lines'] } | null)?.shortage ?? [];
  const shortOf = (item: (typeof cart)[number]) =>
    shortage.find(
      (s) => s.product_id === item.product.id && s.variant_id === item.variant.id && item.quantity > s.available,
    );
  const toFix = cart.filter((item) => shortOf(item));

  if (query.isPending && cart.length === 0) {
    return <Skeleton height="12rem" />;
  }
  if (query.isError && cart.length === 0) {
    // Not "your cart is empty": we do not know what is in it.
    return (
      <EmptyState
        title="Your cart could not be loaded"
        description={getErrorMessage(query.error, 'Please try again in a moment.')}
        action={
          <Button $variant="primary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  if (cart.length === 0) {
    return (
      <EmptyState
        title="Your cart is empty"
        description="Find something you love and it will show up here."
        action={
          <Button as={Link} to="/products" $variant="primary">
            Continue shopping
          </Button>
        }
      />
    );
  }
  return (
    <>
      <Head>
        <h1>Your cart</h1>
        <Button $variant="ghost" onClick={() => setConfirming(true)} disabled={isPending}>
          Clear cart
        </Button>
      </Head>
      {toFix.length > 0 && (
        <Banner tone="error">
          Not enough stock for {toFix.map((item) => item.product.name).join(', ')}: lower the highlighted{' '}
          {toFix.length === 1 ? 'quantity' : 'quantities'} or remove {toFix.length === 1 ? 'that line' : 'those lines'},
          then check out again.
        </Banner>
      )}
      <Layout>
        <ul aria-label="Cart items">
          {cart.map((item) => (
            <CartLine key={`${item.product.id}:${item.variant.id}`} item={item} available={shortOf(item)?.available} />
          ))}
        </ul>
        <SummaryPanel aria-labelledby="summary-title">
          <h2 id="summary-title">Order summary</h2>
          <dl>
            <dt>Items</dt>
            <dd data-testid="cart-count">{count}</dd>
            <dt>Subtotal</dt>
            <dd data-testid="cart-subtotal">{formatMoney(subtotalCents)}</dd>
          </dl>
          <small>Shipping and taxes are calculated at checkout.</small>
          <Button as={Link} to="/checkout" $variant="primary" $block $size="lg">
            Checkout
          </Button>
          <Button as={Link} to="/products" $variant="ghost" $block>
            Continue shopping
          </Button>
        </SummaryPanel>
      </Layout>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Clear your cart?"
        description="This removes every item from your cart."
      >
        <Actions>
          <Button onClick={() => setConfirming(false)}>Keep items</Button>
          <Button
            $variant="danger"
            onClick={() => {
              setConfirming(false);
              void clearCart();
            }}
          >
            Clear cart
          </Button>
        </Actions>
      </Dialog>
    </>
  );
}

export default function CartPage() {
  useDocumentTitle('Cart');
  return (
    <div data-boundary="mf-cart">
      <RequireSignIn title="Sign in to see your cart" toastMessage="Please login to view your cart!">
        <Cart />
      </RequireSignIn>
    </div>
  );
}
