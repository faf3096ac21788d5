/**
 * Imported as `@store/ui/order-lines`, not from the `@store/ui` singleton: only the checkout and the order
 * pages use it, so it stays out of the first paint (each of those remotes bundles its own small copy).
 * The primitives it draws with come from `@store/ui` by name, so they are the page's shared singleton,
 * not a second copy bundled here.
 */
import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { Address, Order, OrderLine } from '@store/contracts';
import { formatMoney, toCents } from '@store/contracts/money';
import { countryName } from '@store/contracts/order-labels';
import { Link } from '@store/router';
import { Button, EmptyState, Skeleton } from '@store/ui';
import { ProductImage } from './ProductImage';

/** "size: M · colour: red" — attribute values keep their case ('50 ml', not '50 Ml'). */
export const attributeText = (attributes: Record<string, string>) =>
  Object.entries(attributes)
    .map(([name, value]) => `${name}: ${value}`)
    .join(' · ');

export interface OrderLineView {
  key: string;
  /** The product's name, or a link to it. */
  name: ReactNode;
  /** Its image URL, already resolved. */
  image: string;
  attributes: Record<string, string>;
  quantity: number;
  unitCents: number;
  totalCents: number;
  /** A short note after the quantity ("no longer sold"). */
  note?: string;
}

const List = styled.ul<{ $thumb: string }>`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: grid;
    grid-template-columns: ${({ $thumb }) => $thumb} 1fr auto;
    gap: ${({ theme }) => theme.space[3]};
    align-items: center;
    padding: ${({ theme }) => theme.space[3]} 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  li:last-child {
    border-bottom: 0;
  }
  p {
    margin: 0;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  small {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  strong {
    white-space: nowrap;
  }
`;

/**
 * What an order holds, a line each: image, name, attributes, quantity × unit price and the line's total.
 * One list for the checkout's review, the order page and wherever an order's lines are shown.
 */
export function OrderLines({
  lines,
  label,
  thumb = '4rem',
}: {
  lines: OrderLineView[];
  label?: string;
  /** The image column's width. */
  thumb?: string;
}) {
  return (
    <List aria-label={label} $thumb={thumb}>
      {lines.map((line) => {
        const attributes = attributeText(line.attributes);
        return (
          <li key={line.key}>
            <ProductImage src={line.image} alt="" ratio="1 / 1" />
            <p>
              {line.name}
              {attributes && <small>{attributes}</small>}
              <small>
                {line.quantity} × {formatMoney(line.unitCents)}
                {line.note && ` · ${line.note}`}
              </small>
            </p>
            <strong>{formatMoney(line.totalCents)}</strong>
          </li>
        );
      })}
    </List>
  );
}

const Totals = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => theme.space[2]};
  margin: ${({ theme }) => theme.space[4]} 0 0;
  padding-top: ${({ theme }) => theme.space[3]};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  dd {
    margin: 0;
    text-align: right;
    font-weight: 600;
  }
  .total {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-weight: 700;
  }
`;

/** 'Standard delivery' / 'Express delivery'. */
export const deliveryLabel = (method: string) => (method === 'EXPRESS' ? 'Express delivery' : 'Standard delivery');

/** An order's subtotal, delivery ('Free' at 0) and total. */
export function OrderTotals({
  subtotalCents,
  deliveryMethod,
  deliveryCents,
  totalCents,
}: {
  subtotalCents: number;
  deliveryMethod: string;
  deliveryCents: number;
  totalCents: number;
}) {
  return (
    <Totals>
      <dt>Subtotal</dt>
      <dd>{formatMoney(subtotalCents)}</dd>
      <dt>{deliveryLabel(deliveryMethod)}</dt>
      <dd>{deliveryCents === 0 ? 'Free' : formatMoney(deliveryCents)}</dd>
      <dt className="total">Total</dt>
      <dd className="total">{formatMoney(totalCents)}</dd>
    </Totals>
  );
}

/**
 * A placed order's lines and totals, as the account's and the admin's order pages show them. Each
 * screen says how a line's name reads (a link to its product page), what note follows it, and where
 * images are served from.
 */
export function OrderSummary({
  order,
  imageUrl,
  name,
  note,
  thumb,
}: {
  order: Pick<Order, 'lines' | 'subtotal' | 'delivery_method' | 'delivery_price' | 'total'>;
  /** The image path as the API gives it → its URL. */
  imageUrl: (path: string) => string;
  name: (line: OrderLine) => ReactNode;
  note?: (line: OrderLine) => string | undefined;
  thumb?: string;
}) {
  return (
    <>
      <OrderLines
        label="Items in this order"
        thumb={thumb}
        lines={order.lines.map((l) => ({
          key: `${l.product_id}:${l.variant_id}`,
          name: name(l),
          image: imageUrl(l.image),
          attributes: l.attributes,
          quantity: l.quantity,
          unitCents: toCents(l.unit_price),
          totalCents: toCents(l.line_total),
          note: note?.(l),
        }))}
      />
      <OrderTotals
        subtotalCents={toCents(order.subtotal)}
        deliveryMethod={order.delivery_method}
        deliveryCents={toCents(order.delivery_price)}
        totalCents={toCents(order.total)}
      />
    </>
  );
}

/**
 * A delivery address, a line each: name, street, postcode and city, country, phone (a `tel:` link if
 * asked). Lines only: the caller's paragraph holds them.
 */
export function AddressLines({ address, callable = false }: { address: Address; callable?: boolean }) {
  return (
    <>
      {address.full_name}
      <br />
      {address.street}
      <br />
      {address.postal_code} {address.city}
      <br />
      {countryName(address.country)}
      <br />
      {callable ? <a href={`tel:${address.phone.replace(/[^\d+]/g, '')}`}>{address.phone}</a> : address.phone}
    </>
  );
}

/** An order's delivery address: its lines, or the one-line `shipping_address` when the order has no structured address. */
export function OrderAddress({
  order,
  callable = false,
}: {
  order: Pick<Order, 'address' | 'shipping_address'>;
  callable?: boolean;
}) {
  return order.address ? <AddressLines address={order.address} callable={callable} /> : <>{order.shipping_address}</>;
}

/**
 * An order's page until its order is there: a skeleton while it loads; when it could not be loaded,
 * `title`, the reason and a way to the shopper's orders. The account's order page and the checkout's
 * confirmation use it.
 */
export function OrderUnavailable({
  loading,
  title,
  description,
}: {
  loading: boolean;
  title: string;
  description: string;
}) {
  if (loading) return <Skeleton height="20rem" />;
  return (
    <EmptyState
      title={title}
      description={description}
      action={
        <Button as={Link} to="/orders">
          Your orders
        </Button>
      }
    />
  );
}
