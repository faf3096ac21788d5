import { assetUrl } from '@store/http';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from '@store/router';
import styled from 'styled-components';
import { isOnSale, toCents, unitPriceCents } from '@store/contracts/money';
import type { ProductDetail } from '@store/contracts';
import { useAddToCart, useToggleWishlist } from '@store/shopper';
import {
  Button,
  EmptyState,
  HeartFilledIcon,
  HeartIcon,
  Price,
  ProductImage,
  QuantityStepper,
  Skeleton,
  useDocumentTitle,
} from '@store/ui';
import { ProductRail } from '../product-card/ProductCard';
import { DETAIL_SIZES, photoSrcSet } from '../product-card/photo';
import { isNotFound, useProduct } from '../products/api/get-product';
import { useProducts } from '../products/api/get-products';
import {
  choicesBefore,
  chooseOption,
  findVariant,
  initialSelection,
  isOptionAvailable,
  type Selection,
} from './variantChoice';

const Layout = styled.div`
  display: grid;
  grid-template-columns: 1.1fr 1fr;
  gap: ${({ theme }) => theme.space[9]};
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: 1fr;
    gap: ${({ theme }) => theme.space[6]};
  }
`;
const Thumbs = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2]};
  margin-top: ${({ theme }) => theme.space[3]};
  button {
    width: 4.5rem;
    padding: 0;
    border: 2px solid transparent;
    border-radius: ${({ theme }) => theme.radii.md};
    background: none;
    cursor: pointer;
  }
  button[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.primary};
  }
`;
const Info = styled.div`
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space[4]};
  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes['3xl']};
  }
  > p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
const BigPrice = styled.div`
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
`;
const Options = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  legend {
    font-weight: 600;
    margin-bottom: ${({ theme }) => theme.space[2]};
    text-transform: capitalize;
  }
  div {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space[2]};
  }
  button {
    min-width: 3rem;
    padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surface};
    cursor: pointer;
  }
  button[aria-checked='true'] {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
  button:disabled {
    text-decoration: line-through;
    opacity: 0.4;
    cursor: not-allowed;
  }
`;
const Stock = styled.p<{ $tone: 'ok' | 'low' | 'out' }>`
  margin: 0;
  font-weight: 600;
  color: ${({ theme, $tone }) => ({ ok: theme.colors.success, low: theme.colors.warning, out: theme.colors.danger })[$tone]};
`;
const Buy = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
  align-items: center;
`;
const Related = styled.section`
  margin-top: ${({ theme }) => theme.space[10]};
  h2 {
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
  }
`;

function Details({ product }: { product: ProductDetail }) {
  useDocumentTitle(product.name);
  const [image, setImage] = useState(0);
  const [selection, setSelection] = useState<Selection>(() => initialSelection(product.variants, product.attributes));
  const [quantity, setQuantity] = useState(1);
  const { addToCart, isPending } = useAddToCart();
  const { toggle, isInWishlist } = useToggleWishlist();
  const variant = findVariant(product.variants, selection);
  const stock = variant?.stock ?? 0;
  const images = product.images.length ? product.images : [product.image];
  const related = useProducts({ category: product.category, exclude: product.id, page_size: 8 });
  const wished = isInWishlist(product.id);

  const choose = (name: string, value: string) => {
    setSelection(chooseOption(product.variants, product.attributes, selection, name, value));
    setQuantity(1);
  };

  const add = async () => {
    if (!variant) return;
    // One change and one toast; the API adds one per call (SPEC.md section 7), so addToCart sends several.
    if (await addToCart(product, variant, quantity)) setQuantity(1);
  };

  return (
    <>
      <Layout>
        <div>
          <ProductImage
            src={assetUrl(images[image] ?? product.image)}
            srcSet={product.photos[image] ? photoSrcSet(product.photos[image]) : undefined}
            sizes={DETAIL_SIZES}
            alt={product.name}
            eager
          />
          {images.length > 1 && (
            <Thumbs aria-label="Product images">
              {images.map((src, i) => (
                <button
                  key={src}
                  type="button"
                  aria-pressed={i === image}
                  aria-label={`Show image ${i + 1}`}
                  onClick={() => setImage(i)}
                >
                  <ProductImage src={assetUrl(product.photos[i]?.small ?? src)} alt="" ratio="1" />
                </button>
              ))}
            </Thumbs>
          )}
        </div>
        <Info>
          <Link to={`/products/category/${encodeURIComponent(product.category)}`}>{product.category}</Link>
          <h1>{product.name}</h1>
          <BigPrice>
            {variant ? (
              <Price
                cents={unitPriceCents(variant)}
                regularCents={isOnSale(variant) ? toCents(variant.regular_price) : undefined}
              />
            ) : (
              <Price cents={toCents(product.min_price)} />
            )}
          </BigPrice>
          <p>{product.description}</p>
          {product.attributes.map((attribute) => (
            <Options key={attribute.name}>
              <legend>{attribute.name}</legend>
              <div role="radiogroup" aria-label={attribute.name}>
                {attribute.values.map((value) => {
                  // An option is disabled when it makes no buyable combination with the choices before
                  // it (the first attribute: with nothing); choosing it may change the later choices.
                  const available = isOptionAvailable(
                    product.variants,
                    choicesBefore(product.attributes, selection, attribute.name),
                    attribute.name,
                    value,
                  );
                  return (
                    <button
                      key={value}
                      type="button"
                      role="radio"
                      aria-checked={selection[attribute.name] === value}
                      disabled={!available}
                      onClick={() => choose(attribute.name, value)}
                    >
                      {value}
                    </button>
                  );
                })}
              </div>
            </Options>
          ))}
          <Stock $tone={stock === 0 ? 'out' : stock <= 5 ? 'low' : 'ok'}>
            {stock === 0 ? 'Out of stock' : stock <= 5 ? `Only ${stock} left` : 'In stock'}
          </Stock>
          <Buy>
            <QuantityStepper value={quantity} min={1} max={Math.max(1, stock)} size="lg" onChange={setQuantity} />
            <Button
              $variant="primary"
              $size="lg"
              disabled={!variant || stock === 0 || isPending}
              onClick={() => void add()}
            >
              Add to cart
            </Button>
            <Button
              $size="lg"
              aria-pressed={wished}
              aria-label={wished ? 'Remove from wishlist' : 'Add to wishlist'}
              onClick={() => toggle(product)}
            >
              {wished ? <HeartFilledIcon /> : <HeartIcon />}
            </Button>
          </Buy>
        </Info>
      </Layout>
      {related.data && related.data.data.length > 0 && (
        <Related aria-labelledby="related-title">
          <h2 id="related-title">You may also like</h2>
          <ProductRail products={related.data.data} label="You may also like" />
        </Related>
      )}
    </>
  );
}

export default function ProductDetailsPage({ notFound }: { notFound?: ReactNode }) {
  const { productId = '' } = useParams();
  const id = /^\d+$/.test(productId) ? Number(productId) : null;
  const { data, isPending, error } = useProduct(id);
  let content;
  if ((id === null || (error && isNotFound(error))) && notFound) {
    // An unknown product is an unknown page: the shell's 404 page (answered 404 by the shell's server).
    return notFound;
  } else if (id === null || (error && isNotFound(error))) {
    content = (
      <EmptyState
        title="Product not found"
        description="This product does not exist or is no longer available."
        link={{ to: '/products', label: 'Browse products', primary: true }}
      />
    );
  } else if (error) {
    content = <EmptyState title="This product could not be loaded" description="Please try again in a moment." />;
  } else if (isPending) {
    content = (
      <Layout aria-busy="true">
        <Skeleton height="auto" style={{ aspectRatio: '4 / 5' }} />
        <div>
          <Skeleton width="30%" />
          <Skeleton height="2.5rem" style={{ marginTop: 12 }} />
          <Skeleton width="25%" height="2rem" style={{ marginTop: 12 }} />
          <Skeleton height="6rem" style={{ marginTop: 12 }} />
        </div>
      </Layout>
    );
  } else {
    content = <Details key={data.id} product={data} />;
  }
  return <div data-boundary="mf-catalog">{content}</div>;
}
