import { assetUrl } from '@store/http';
import type { ReactNode } from 'react';
import { Link, useInRouterContext } from '@store/router';
import styled from 'styled-components';
import { toCents } from '@store/contracts/money';
import type { ProductCard as Product } from '@store/contracts';
import { useToggleWishlist } from '@store/shopper';
import { CARD_SIZES, photoSrcSet } from './photo';
import { productIntent } from './productIntent';
import { Badge, HeartFilledIcon, HeartIcon, Price, ProductImage, Skeleton, useAfterFirstScreen } from '@store/ui';

export const Card = styled.article`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  min-width: 0;
  > a {
    text-decoration: none;
    display: grid;
    gap: ${({ theme }) => theme.space[2]};
    border-radius: ${({ theme }) => theme.radii.md};
  }
  > a:hover h3 {
    text-decoration: underline;
  }
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
    font-weight: 600;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;
const Meta = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
const Badges = styled.div`
  position: absolute;
  top: ${({ theme }) => theme.space[2]};
  left: ${({ theme }) => theme.space[2]};
  display: flex;
  gap: ${({ theme }) => theme.space[1]};
  pointer-events: none;
`;
const Heart = styled.button<{ $active: boolean }>`
  position: absolute;
  top: ${({ theme }) => theme.space[2]};
  right: ${({ theme }) => theme.space[2]};
  display: inline-grid;
  place-items: center;
  width: 2.25rem;
  height: 2.25rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  color: ${({ theme, $active }) => ($active ? theme.colors.sale : theme.colors.text)};
  cursor: pointer;
`;

/**
 * Link target and extra actions are injectable so the embed can reuse the card without a router:
 * outside one (or for an absolute URL) the card links with a plain anchor.
 */
export function ProductCardView({
  product,
  href,
  actions,
  heart,
  eager,
  onIntent,
}: {
  product: Product;
  href: string;
  actions?: ReactNode;
  heart?: ReactNode;
  eager?: boolean;
  /** Called when the visitor looks about to open the product (pointer, focus, touch). */
  onIntent?: () => void;
}) {
  const inRouter = useInRouterContext();
  const body = (
    <>
      <ProductImage
        src={assetUrl(product.image)}
        srcSet={product.photo ? photoSrcSet(product.photo) : undefined}
        sizes={CARD_SIZES}
        alt={product.name}
        eager={eager}
      />
      <Meta>{product.category}</Meta>
      <h3 part="name">{product.name}</h3>
      <Price
        part="price"
        cents={toCents(product.min_price)}
        regularCents={product.on_sale ? toCents(product.regular_min_price) : undefined}
        from={product.price_varies}
      />
    </>
  );
  return (
    // `part`: what an integrator can style with ::part() when the card is in an embed's shadow root.
    <Card aria-label={product.name} part="card">
      {inRouter && !href.startsWith('http') ? (
        <Link to={href} onPointerEnter={onIntent} onFocus={onIntent} onTouchStart={onIntent}>
          {body}
        </Link>
      ) : (
        <a href={href}>{body}</a>
      )}
      <Badges>
        {product.on_sale && <Badge $tone="sale">Sale</Badge>}
        {!product.in_stock && <Badge $tone="danger">Sold out</Badge>}
      </Badges>
      {heart}
      {actions}
    </Card>
  );
}

export function ProductCard({ product, eager }: { product: Product; eager?: boolean }) {
  const { toggle, isInWishlist } = useToggleWishlist();
  const active = isInWishlist(product.id);
  return (
    <ProductCardView
      product={product}
      href={`/products/${product.id}`}
      eager={eager}
      onIntent={() => productIntent(product.id)}
      heart={
        <Heart
          type="button"
          $active={active}
          aria-pressed={active}
          aria-label={active ? `Remove ${product.name} from wishlist` : `Add ${product.name} to wishlist`}
          onClick={() => toggle(product)}
        >
          {active ? <HeartFilledIcon size={18} /> : <HeartIcon size={18} />}
        </Heart>
      }
    />
  );
}

export const Grid = styled.ul<{ $min?: string }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(${({ $min }) => $min ?? '13rem'}, 1fr));
  gap: ${({ theme }) => `${theme.space[6]} ${theme.space[4]}`};
  /* Phones: two cards a row. */
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: ${({ theme }) => `${theme.space[5]} ${theme.space[3]}`};
  }
`;

/** A card's place while products load: image, category, name, price. */
function CardSkeleton() {
  return (
    <li>
      <Skeleton height="auto" style={{ aspectRatio: '4 / 5' }} />
      <Skeleton width="40%" height="0.8rem" style={{ marginTop: 8 }} />
      <Skeleton width="80%" style={{ marginTop: 8 }} />
      <Skeleton width="30%" style={{ marginTop: 8 }} />
    </li>
  );
}

export function ProductGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <Grid aria-busy="true" aria-label="Loading products">
      {Array.from({ length: count }, (_, i) => (
        <CardSkeleton key={i} />
      ))}
    </Grid>
  );
}

/**
 * How many cards a list draws in the visit's first render: its first screen at any width (three rows
 * of four on a desktop, six of two on a phone). The others are placeholders until it has painted.
 */
const FIRST_SCREEN_CARDS = 12;

export function ProductGrid({ products, eagerCount = 0 }: { products: Product[]; eagerCount?: number }) {
  const later = useAfterFirstScreen();
  return (
    <Grid>
      {products.map((product, i) =>
        later || i < FIRST_SCREEN_CARDS ? (
          <li key={product.id}>
            <ProductCard product={product} eager={i < eagerCount} />
          </li>
        ) : (
          <CardSkeleton key={product.id} />
        ),
      )}
    </Grid>
  );
}

/**
 * One scrollable row of cards (the home page's rows): every card full width at any viewport, no
 * ragged last line. It is focusable so keyboard users can scroll it too.
 */
const RailList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0 0 ${({ theme }) => theme.space[3]};
  display: grid;
  grid-auto-flow: column;
  grid-auto-columns: minmax(12rem, calc((100% - 4 * ${({ theme }) => theme.space[4]}) / 5));
  gap: ${({ theme }) => theme.space[4]};
  overflow-x: auto;
  overscroll-behavior-x: contain;
  scroll-snap-type: x mandatory;
  scroll-padding-inline: 0;
  > li {
    scroll-snap-align: start;
    min-width: 0;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-auto-columns: minmax(11rem, calc((100% - 2 * ${({ theme }) => theme.space[4]}) / 3));
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-auto-columns: 70%;
  }
`;

/** A rail's placeholder: the same row of cards, so the page does not move when the products arrive. */
export function ProductRailSkeleton({ count = 5, label }: { count?: number; label: string }) {
  return (
    <RailList aria-busy="true" aria-label={`Loading ${label}`}>
      {Array.from({ length: count }, (_, i) => (
        <CardSkeleton key={i} />
      ))}
    </RailList>
  );
}

export function ProductRail({
  products,
  label,
  eagerCount = 0,
}: {
  products: Product[];
  label: string;
  eagerCount?: number;
}) {
  return (
    <RailList aria-label={label} tabIndex={0}>
      {products.map((product, i) => (
        <li key={product.id}>
          <ProductCard product={product} eager={i < eagerCount} />
        </li>
      ))}
    </RailList>
  );
}
