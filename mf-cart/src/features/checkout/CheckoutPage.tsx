import { Link } from '@store/router';
import styled from 'styled-components';
import { formatMoney } from '@store/contracts/money';
import { useSession } from '@store/session';
import { cartTotals } from '@store/shop';
import { Button } from '@store/ui';

const Box = styled.section`
  max-width: 36rem;
  margin: ${({ theme }) => theme.space[6]} auto;
  padding: ${({ theme }) => theme.space[8]};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  text-align: center;
  h1 {
    margin-top: 0;
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** SPEC.md: /checkout is placeholder text only (checkout comes with its own issue). */
export default function CheckoutPage() {
  const cart = useSession((s) => s.cart);
  const { count, subtotalCents } = cartTotals(cart);
  return (
    <Box data-boundary="mf-cart" aria-labelledby="checkout-title">
      <h1 id="checkout-title">Checkout</h1>
      <p>Checkout is coming soon.</p>
      {count > 0 && (
        <p>
          Your cart: {count} {count === 1 ? 'item' : 'items'}, {formatMoney(subtotalCents)}.
        </p>
      )}
      <Button as={Link} to="/cart">
        Back to cart
      </Button>
    </Box>
  );
}
