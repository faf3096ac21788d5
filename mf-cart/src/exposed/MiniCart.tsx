import { Link } from '@store/router';
import styled from 'styled-components';
import { formatMoney, unitPriceCents } from '@store/contracts/money';
import type { MiniCartProps } from '@store/contracts';
import { cartTotals, useCart } from '@store/shopper';
import { Button } from '@store/ui';

const Panel = styled.div`
  width: 20rem;
  padding: ${({ theme }) => theme.space[4]};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.md};
  ul {
    list-style: none;
    margin: 0 0 ${({ theme }) => theme.space[3]};
    padding: 0;
    display: grid;
    gap: ${({ theme }) => theme.space[2]};
  }
  li {
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  p {
    display: flex;
    justify-content: space-between;
    font-weight: 700;
  }
`;

/** A compact cart the shell may show from its Cart button. */
export default function MiniCart({ onNavigate }: MiniCartProps) {
  const cart = useCart().data ?? [];
  const { count, subtotalCents } = cartTotals(cart);
  return (
    <Panel data-boundary="mf-cart" aria-label="Cart preview">
      {count === 0 ? (
        <p>Your cart is empty</p>
      ) : (
        <>
          <ul>
            {cart.slice(0, 3).map((item) => (
              <li key={`${item.product.id}:${item.variant.id}`}>
                <span>
                  {item.quantity} × {item.product.name}
                </span>
                <span>{formatMoney(unitPriceCents(item.variant) * item.quantity)}</span>
              </li>
            ))}
          </ul>
          {cart.length > 3 && <small>and {cart.length - 3} more</small>}
          <p>
            <span>
              {count} {count === 1 ? 'item' : 'items'}
            </span>
            <span>{formatMoney(subtotalCents)}</span>
          </p>
        </>
      )}
      <Button as={Link} to="/cart" $variant="primary" $block onClick={onNavigate}>
        View cart
      </Button>
    </Panel>
  );
}
