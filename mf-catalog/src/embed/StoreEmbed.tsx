import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import type { ProductCard, ProductDetail, StoreEmbedEventDetail } from '@store/contracts';
import type { StoreElementOptions } from '@store/contracts/embed-element';
import { STORE_CURRENCY } from '@store/contracts/money';
import { getErrorMessage, getStatus } from '@store/http';
import { Button, EmptyState } from '@store/ui';
import { Grid, ProductCardView, ProductGridSkeleton } from '../features/product-card/ProductCard';
import { useCreateHandoff, useEmbedProduct, useEmbedProducts, type EmbedSource } from './api/embedApi';

export type { StoreElementOptions };

export const EVENT_VIEW_ITEM = 'store:view-item';
export const EVENT_ADD_TO_CART = 'store:add-to-cart';
export const EVENT_BUY = 'store:buy';

const Message = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const VariantSelect = styled.select`
  font: inherit;
  padding: ${({ theme }) => theme.space[2]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;

function detailOf(
  product: ProductCard,
  key: string,
  variant: { id: number; price?: string } | null,
): StoreEmbedEventDetail {
  return {
    product: { id: product.id, name: product.name, category: product.category, image: product.image },
    variant: variant ? { id: variant.id } : null,
    price: variant?.price ?? product.min_price,
    currency: STORE_CURRENCY,
    key,
  };
}

function dispatch(host: HTMLElement, type: string, detail: StoreEmbedEventDetail, cancelable = false): boolean {
  return host.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable }));
}

/** A refused or failed read: a short message for the visitor, and for the integrator what to do. */
function failureOf(error: unknown, o: StoreElementOptions): { message: string; log: string } {
  const code = (error as { response?: { data?: { code?: unknown } } }).response?.data?.code;
  const detail = getErrorMessage(error, '');
  const origin = window.location.origin;
  if (code === 'origin_not_allowed') {
    return { message: `This site (${origin}) is not allowed to show these products.`, log: detail };
  }
  if (code === 'unknown_key') return { message: 'These products cannot be shown: unknown key.', log: detail };
  if (code === 'key_revoked' || code === 'key_expired') {
    return { message: 'These products cannot be shown: the key is no longer active.', log: detail };
  }
  if (getStatus(error) === 404) return { message: 'No products found', log: `${o.tag}: ${detail || 'not found'}` };
  return {
    message: 'The store cannot be reached right now.',
    log: `The store at ${o.storeUrl} did not answer (${detail || (error as Error).message}). Check that it is up and that embed.js is loaded from it.`,
  };
}

function BuyButton({
  product,
  options,
  variant,
}: {
  product: ProductCard;
  options: StoreElementOptions;
  variant?: { id: number; price: string };
}) {
  const handoff = useCreateHandoff(options);
  const [failed, setFailed] = useState<string | null>(null);
  const add = async () => {
    // The page may take the visitor's "Add to cart" itself: preventDefault() and the store does nothing.
    if (!dispatch(options.host, EVENT_ADD_TO_CART, detailOf(product, options.key, variant ?? null), true)) return;
    setFailed(null);
    try {
      const started = await handoff.mutateAsync({ product_id: product.id, variant_id: variant?.id });
      dispatch(
        options.host,
        EVENT_BUY,
        detailOf(product, options.key, { id: started.variant_id, price: started.price }),
      );
      window.location.assign(started.url);
    } catch (error) {
      const failure = failureOf(error, options);
      console.error(`${options.tag}: ${failure.log}`);
      setFailed(getStatus(error) === 409 ? getErrorMessage(error) : failure.message);
    }
  };
  return (
    <>
      <Button
        part="button"
        $variant="primary"
        $block
        disabled={!product.in_stock || handoff.isPending}
        onClick={add}
        aria-label={`Add ${product.name} to cart`}
      >
        {product.in_stock ? 'Add to cart' : 'Sold out'}
      </Button>
      {failed && <Message role="alert">{failed}</Message>}
    </>
  );
}

function useReportFailure(error: unknown, options: StoreElementOptions) {
  useEffect(() => {
    if (error) console.error(`${options.tag}: ${failureOf(error, options).log}`);
    // Once per failure, not per render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);
}

/** Sends `store:view-item` once per product this element shows. */
function useViewEvents(products: ProductCard[] | undefined, options: StoreElementOptions) {
  const seen = useRef(new Set<number>());
  useEffect(() => {
    for (const product of products ?? []) {
      if (seen.current.has(product.id)) continue;
      seen.current.add(product.id);
      dispatch(options.host, EVENT_VIEW_ITEM, detailOf(product, options.key, null));
    }
  }, [products, options.host, options.key]);
}

function ProductsGrid({ options }: { options: StoreElementOptions }) {
  const limit = Math.min(Math.max(Math.floor(options.limit && options.limit > 0 ? options.limit : 8), 1), 48);
  const { data, error, isPending } = useEmbedProducts(
    options,
    { category: options.category, search: options.search, sort: options.sort, limit },
    true,
  );
  useReportFailure(error, options);
  useViewEvents(data?.data, options);
  if (isPending) return <ProductGridSkeleton count={Math.min(limit, 8)} />;
  if (error) return <Message part="message">{failureOf(error, options).message}</Message>;
  if (data.data.length === 0) return <EmptyState title="No products found" />;
  return (
    <Grid $min="12rem" part="grid">
      {data.data.map((product) => (
        <li key={product.id}>
          <ProductCardView
            product={product}
            href={`${options.storeUrl}/products/${product.id}`}
            actions={<BuyButton product={product} options={options} />}
          />
        </li>
      ))}
    </Grid>
  );
}

const attributeText = (attributes: Record<string, string>) => Object.values(attributes).join(' / ');
const priceOf = (v: ProductDetail['variants'][number]) => (Number(v.sale_price) > 0 ? v.sale_price : v.regular_price);

function OneProduct({ options }: { options: StoreElementOptions }) {
  const { data, error, isPending } = useEmbedProduct(options, options.productId ?? null);
  const buyable = data?.variants.filter((v) => v.stock > 0) ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  const variant = buyable.find((v) => v.id === chosen) ?? buyable[0];
  useReportFailure(error, options);
  useViewEvents(data ? [data] : undefined, options);
  if (!options.productId) return <Message part="message">No products found</Message>;
  if (isPending) return <ProductGridSkeleton count={1} />;
  if (error) return <Message part="message">{failureOf(error, options).message}</Message>;
  return (
    <Grid $min="16rem" style={{ maxWidth: '18rem' }} part="grid">
      <li>
        <ProductCardView
          product={data}
          href={`${options.storeUrl}/products/${data.id}`}
          actions={
            <>
              {buyable.length > 1 && (
                <VariantSelect
                  part="select"
                  aria-label="Option"
                  value={variant?.id}
                  onChange={(e) => setChosen(Number(e.target.value))}
                >
                  {buyable.map((v) => (
                    <option key={v.id} value={v.id}>
                      {attributeText(v.attributes) || v.sku}
                    </option>
                  ))}
                </VariantSelect>
              )}
              <BuyButton
                product={data}
                options={options}
                variant={variant ? { id: variant.id, price: priceOf(variant) } : undefined}
              />
            </>
          }
        />
      </li>
    </Grid>
  );
}

/** One embed element's content: a grid of products or one product, with "Add to cart". */
export function StoreEmbed({ options }: { options: StoreElementOptions }) {
  if (!options.key)
    return <Message part="message">These products cannot be shown: the key attribute is missing.</Message>;
  return options.view === 'product' ? <OneProduct options={options} /> : <ProductsGrid options={options} />;
}

export type { EmbedSource };
