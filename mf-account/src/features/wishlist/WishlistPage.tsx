import { useState } from 'react';
import { Link } from '@store/router';
import styled from 'styled-components';
import { toCents } from '@store/contracts/money';
import { formatMoney, unitPriceCents } from '@store/contracts/money';
import type { ProductCard, ProductDetail, Variant } from '@store/contracts';
import { getErrorMessage, assetUrl } from '@store/http';
import { RequireSignIn, useAddToCart, useToggleWishlist, useWishlist } from '@store/shopper';
import {
  Badge,
  Banner,
  Button,
  Dialog,
  EmptyState,
  Panel,
  Price,
  ProductImage,
  Skeleton,
  useDocumentTitle,
  toast,
} from '@store/ui';
import { PageTitle } from '../card';
import { fetchProduct } from './api/get-product';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
`;
const Row = styled(Panel).attrs({ as: 'li' })`
  display: grid;
  grid-template-columns: 5rem 1fr auto;
  gap: ${({ theme }) => theme.space[4]};
  align-items: center;
  padding: ${({ theme }) => theme.space[3]};
  h2 {
    margin: 0 0 ${({ theme }) => theme.space[1]};
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  h2 a {
    text-decoration: none;
  }
  div:last-child {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space[2]};
    justify-content: flex-end;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: 4rem 1fr;
    div:last-child {
      grid-column: 1 / -1;
      justify-content: flex-start;
    }
  }
`;

const Options = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0 0 ${({ theme }) => theme.space[5]};
  padding: 0;
  border: 0;
  label {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[3]};
    padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    cursor: pointer;
  }
  label span:last-child {
    margin-left: auto;
    font-weight: 600;
  }
`;

/** 'colour: White · size: 40' (values keep their case). */
export const variantLabel = (variant: Variant) =>
  Object.entries(variant.attributes)
    .map(([name, value]) => `${name}: ${value}`)
    .join(' · ') || variant.sku;

function Line({ product }: { product: ProductCard }) {
  const { toggle } = useToggleWishlist();
  const { addToCart } = useAddToCart();
  const [moving, setMoving] = useState(false);
  // More than one variant in stock: the shopper picks one before it moves.
  const [choice, setChoice] = useState<{ detail: ProductDetail; options: Variant[]; picked: number } | null>(null);
  const move = async (detail: ProductDetail, variant: Variant) => {
    // addToCart shows its own failure (toast, sign-in dialog): only an item it added leaves the wishlist.
    if (await addToCart(detail, variant)) toggle(product);
  };
  const moveToCart = async () => {
    setMoving(true);
    try {
      const detail = await fetchProduct(product.id);
      const options = detail.variants.filter((v) => v.stock > 0);
      if (options.length === 0) {
        toast.error('This product is out of stock.');
        return;
      }
      if (options.length > 1) {
        setChoice({ detail, options, picked: options[0]!.id });
        return;
      }
      await move(detail, options[0]!);
    } catch (error) {
      toast.error(getErrorMessage(error, 'Failed to add to cart!'));
    } finally {
      setMoving(false);
    }
  };
  const confirmChoice = async () => {
    if (!choice) return;
    const variant = choice.options.find((v) => v.id === choice.picked);
    setChoice(null);
    if (variant) await move(choice.detail, variant);
  };
  return (
    <Row aria-label={product.name}>
      <ProductImage src={assetUrl(product.image)} alt="" />
      <div>
        <h2>
          <Link to={`/products/${product.id}`}>{product.name}</Link>
        </h2>
        <Price
          cents={toCents(product.min_price)}
          regularCents={product.on_sale ? toCents(product.regular_min_price) : undefined}
        />{' '}
        {product.in_stock ? <Badge $tone="success">In stock</Badge> : <Badge $tone="danger">Out of stock</Badge>}
      </div>
      <div>
        <Button $variant="primary" $size="sm" disabled={!product.in_stock || moving} onClick={() => void moveToCart()}>
          Move to cart
        </Button>
        <Button $size="sm" onClick={() => toggle(product)} aria-label={`Remove ${product.name} from wishlist`}>
          Remove
        </Button>
      </div>
      <Dialog
        open={choice !== null}
        onClose={() => setChoice(null)}
        title="Choose an option"
        description={`Which ${product.name} goes in your cart?`}
      >
        {choice && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void confirmChoice();
            }}
          >
            <Options aria-label="Options">
              {choice.options.map((v) => (
                <label key={v.id}>
                  <input
                    type="radio"
                    name={`variant-${product.id}`}
                    checked={choice.picked === v.id}
                    onChange={() => setChoice({ ...choice, picked: v.id })}
                  />
                  <span>{variantLabel(v)}</span>
                  <span>{formatMoney(unitPriceCents(v))}</span>
                </label>
              ))}
            </Options>
            <Button type="submit" $variant="primary" $block>
              Move to cart
            </Button>
          </form>
        )}
      </Dialog>
    </Row>
  );
}

function Wishlist() {
  const { data, isPending, error } = useWishlist();
  if (isPending) return <Skeleton height="12rem" />;
  if (error) return <Banner tone="error">{getErrorMessage(error, 'Your wishlist could not be loaded.')}</Banner>;
  return (
    <>
      <PageTitle>My wishlist</PageTitle>
      {data.data.length === 0 ? (
        <EmptyState
          title="Your wishlist is empty"
          description="Tap the heart on any product to save it here."
          link={{ to: '/products', label: 'Discover products', primary: true }}
        />
      ) : (
        <List>
          {data.data.map((item) => (
            <Line key={item.product.id} product={item.product} />
          ))}
        </List>
      )}
    </>
  );
}

export default function WishlistPage() {
  useDocumentTitle('Wishlist');
  return (
    <div data-boundary="mf-account">
      <RequireSignIn title="Sign in to see your wishlist" toastMessage="Please login to view your wishlist!">
        <Wishlist />
      </RequireSignIn>
    </div>
  );
}
