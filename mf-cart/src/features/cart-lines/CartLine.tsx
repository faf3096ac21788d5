import { useEffect, useState } from 'react';
import { Link } from '@store/router';
import styled from 'styled-components';
import { isOnSale, formatMoney, toCents, unitPriceCents } from '@store/contracts/money';
import type { CartItem } from '@store/contracts';
import { resolveBaseURL } from '@store/http';
import { useRemoveFromCart, useSetCartQuantity } from '@store/shop';
import { Button, MinusIcon, PlusIcon, Price, ProductImage, TrashIcon } from '@store/ui';

const Row = styled.li`
  display: grid;
  grid-template-columns: 6rem 1fr auto;
  gap: ${({ theme }) => theme.space[4]};
  padding: ${({ theme }) => theme.space[4]} 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  h3 a {
    text-decoration: none;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: 4.5rem 1fr;
  }
`;
const Attrs = styled.p`
  margin: ${({ theme }) => theme.space[1]} 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-transform: capitalize;
`;
const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  margin-top: ${({ theme }) => theme.space[2]};
`;
const Stepper = styled.div`
  display: inline-flex;
  align-items: center;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  button {
    display: inline-grid;
    place-items: center;
    width: 2.25rem;
    height: 2.25rem;
    border: 0;
    background: none;
    cursor: pointer;
  }
  input {
    width: 3rem;
    height: 2.25rem;
    border: 0;
    text-align: center;
    font-weight: 600;
    background: transparent;
    -moz-appearance: textfield;
  }
  input::-webkit-inner-spin-button {
    -webkit-appearance: none;
  }
`;
const Total = styled.div`
  text-align: right;
  font-weight: 700;
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-column: 2;
    text-align: left;
  }
`;

function imageUrl(path: string) {
  try {
    return new URL(path, resolveBaseURL()).href;
  } catch {
    return path;
  }
}

export function CartLine({ item }: { item: CartItem }) {
  const { product, variant, quantity } = item;
  const { setQuantity } = useSetCartQuantity();
  const { removeFromCart } = useRemoveFromCart();
  const [draft, setDraft] = useState(String(quantity));
  useEffect(() => {
    setDraft(String(quantity));
  }, [quantity]);
  const unit = unitPriceCents(variant);
  const attributes = Object.entries(variant.attributes)
    .map(([k, v]) => `${k}: ${v}`)
    .join(' · ');

  const commit = () => {
    const next = Math.floor(Number(draft));
    // An emptied field is not a 0 (Number('') is): put the current quantity back rather than remove the line.
    if (draft.trim() === '' || !Number.isFinite(next) || next === quantity) return setDraft(String(quantity));
    void setQuantity(product.id, variant.id, Math.min(next, 999));
  };

  return (
    <Row aria-label={product.name}>
      <ProductImage src={imageUrl(product.image)} alt="" ratio="4 / 5" />
      <div>
        <h3>
          <Link to={`/products/${product.id}`}>{product.name}</Link>
        </h3>
        {attributes && <Attrs>{attributes}</Attrs>}
        <Price cents={unit} regularCents={isOnSale(variant) ? toCents(variant.regular_price) : undefined} />
        <Controls>
          <Stepper>
            <button
              type="button"
              aria-label="Decrease quantity"
              onClick={() => void setQuantity(product.id, variant.id, quantity - 1)}
            >
              <MinusIcon size={16} />
            </button>
            <input
              type="number"
              min={0}
              max={999}
              aria-label="Quantity"
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              onBlur={commit}
              onKeyDown={(e) => {
                if (e.key === 'Enter') commit();
              }}
            />
            <button
              type="button"
              aria-label="Increase quantity"
              onClick={() => void setQuantity(product.id, variant.id, quantity + 1)}
            >
              <PlusIcon size={16} />
            </button>
          </Stepper>
          <Button
            $variant="ghost"
            $size="sm"
            aria-label={`Remove ${product.name}`}
            onClick={() => void removeFromCart(product.id, variant.id)}
          >
            <TrashIcon size={16} /> Remove
          </Button>
        </Controls>
      </div>
      <Total aria-label={`Line total ${formatMoney(unit * quantity)}`}>{formatMoney(unit * quantity)}</Total>
    </Row>
  );
}
