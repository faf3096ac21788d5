import { Link } from '@store/router';
import styled from 'styled-components';
import { isOnSale, formatMoney, toCents, unitPriceCents } from '@store/contracts/money';
import type { CartItem } from '@store/contracts';
import { assetUrl } from '@store/http';
import { stockMessage, stockToastId, useRemoveFromCart, useSetCartQuantity } from '@store/shopper';
import { Button, Price, ProductImage, QuantityStepper, TrashIcon, toast } from '@store/ui';

const Row = styled.li<{ $short: boolean }>`
  display: grid;
  grid-template-columns: 6rem 1fr auto;
  gap: ${({ theme }) => theme.space[4]};
  padding: ${({ theme }) => theme.space[4]} 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  ${({ $short, theme }) =>
    $short &&
    `
    padding-inline: ${theme.space[3]};
    background: ${theme.colors.dangerSurface};
    box-shadow: inset 3px 0 0 ${theme.colors.danger};
    border-radius: ${theme.radii.md};
  `}
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
`;
const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  margin-top: ${({ theme }) => theme.space[2]};
`;
const StockNote = styled.p`
  margin: ${({ theme }) => theme.space[2]} 0 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
`;
const Total = styled.div`
  text-align: right;
  font-weight: 700;
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-column: 2;
    text-align: left;
  }
`;

/** `available`: set when checkout found too little stock for this line (how many are left). */
export function CartLine({ item, available }: { item: CartItem; available?: number }) {
  const { product, variant, quantity } = item;
  const { setQuantity } = useSetCartQuantity();
  const { removeFromCart } = useRemoveFromCart();
  const unit = unitPriceCents(variant);
  // What the shopper can have of this variant: its stock (never below what the line already holds).
  const stockLimit = Math.max(1, Math.min(999, Math.max(variant.stock, quantity)));
  const attributes = Object.entries(variant.attributes)
    // The attribute's name starts with a capital; its value keeps its case ('Size: 50 ml').
    .map(([k, v]) => `${k.charAt(0).toUpperCase()}${k.slice(1)}: ${v}`)
    .join(' · ');

  return (
    <Row aria-label={product.name} $short={available !== undefined}>
      <ProductImage src={assetUrl(product.image)} alt="" ratio="4 / 5" />
      <div>
        <h3>
          <Link to={`/products/${product.id}`}>{product.name}</Link>
        </h3>
        {attributes && <Attrs>{attributes}</Attrs>}
        <Price cents={unit} regularCents={isOnSale(variant) ? toCents(variant.regular_price) : undefined} />
        <Controls>
          {/* 0 or less removes the line (SPEC.md section 4); + stops at the stock, a typed number is capped at it. */}
          <QuantityStepper
            editable
            value={quantity}
            min={0}
            max={stockLimit}
            onChange={(next) => void setQuantity(product.id, variant.id, next)}
            onOverMax={() => toast.error(stockMessage(stockLimit), { id: stockToastId(product.id, variant.id) })}
          />
          <Button
            $variant="ghost"
            $size="sm"
            aria-label={`Remove ${product.name}`}
            onClick={() => void removeFromCart(product.id, variant.id)}
          >
            <TrashIcon size={16} /> Remove
          </Button>
        </Controls>
        {available !== undefined && (
          <StockNote>
            {available === 0
              ? 'Out of stock: remove this line to check out.'
              : `Only ${available} left: lower the quantity to ${available} or less.`}
          </StockNote>
        )}
      </div>
      <Total aria-label={`Line total ${formatMoney(unit * quantity)}`}>{formatMoney(unit * quantity)}</Total>
    </Row>
  );
}
