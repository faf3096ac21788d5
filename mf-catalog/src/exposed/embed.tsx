import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import styled, { StyleSheetManager } from 'styled-components';
import type { ProductCard } from '@store/contracts';
import { configureHttp, QueryClient, QueryClientProvider } from '@store/http';
import { Button, EmptyState, UiProvider } from '@store/ui';
import { Grid, ProductCardView, ProductGridSkeleton } from '../features/product-card/ProductCard';
import { isNotFound, useProduct } from '../features/products/api/get-product';
import { useProducts } from '../features/products/api/get-products';
import { StoreEmbed, type StoreElementOptions } from '../embed/StoreEmbed';

export type { StoreElementOptions };

export interface EmbedOptions {
  /** The store API, e.g. https://shop.example/api/ (defaults to this page's origin + /api/). */
  apiBaseUrl?: string;
  /** 'grid' (default) or a single 'card'. */
  view?: 'grid' | 'card';
  category?: string;
  search?: string;
  /** With view 'card': the product to show (else the first match of the filters). */
  productId?: number;
  /** How many products the grid shows (default 8, at most 48). */
  limit?: number;
  /** Called when the visitor presses "Add to cart" on a product. */
  onAddToCart?: (item: { product: ProductCard }) => void;
  /** Product links go to `${linkBase}/products/{id}` (the store's own pages). */
  linkBase?: string;
}

export interface EmbedHandle {
  update(options: Partial<EmbedOptions>): void;
  unmount(): void;
}

/** The store's base styles, scoped to the embed: the integrator's page keeps its own. */
const Frame = styled.div`
  font-family: ${({ theme }) => theme.fonts.body};
  font-size: ${({ theme }) => theme.fontSizes.md};
  line-height: 1.5;
  color: ${({ theme }) => theme.colors.text};
  text-align: left;
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  h3 {
    font-family: ${({ theme }) => theme.fonts.heading};
    line-height: 1.2;
  }
  a {
    color: inherit;
  }
  img {
    max-width: 100%;
    display: block;
  }
  button {
    font-family: inherit;
  }
`;

function EmbeddedProducts({ options }: { options: EmbedOptions }) {
  // A page's query string may hand over anything (Number('abc') is NaN): fall back to 8.
  const limit = Math.min(Math.max(Math.floor(Number.isFinite(options.limit) ? Number(options.limit) : 8), 1), 48);
  const single = options.view === 'card';
  // One chosen product is fetched by id: it need not be among the first results of the filters.
  const productId = single && options.productId ? options.productId : null;
  const list = useProducts(
    { category: options.category, search: options.search, page_size: single ? 1 : limit },
    { enabled: productId === null },
  );
  const one = useProduct(productId);
  const { data, isPending, isError } = productId === null ? list : one;
  const linkBase = (options.linkBase ?? '').replace(/\/$/, '');
  if (isPending) return <ProductGridSkeleton count={single ? 1 : Math.min(limit, 8)} />;
  if (isError) {
    return productId !== null && isNotFound(one.error) ? (
      <EmptyState title="No products found" />
    ) : (
      <EmptyState title="Products are unavailable right now" />
    );
  }
  const products: ProductCard[] = 'meta' in data ? data.data : [data];
  if (products.length === 0) return <EmptyState title="No products found" />;
  return (
    <Grid $min={single ? '16rem' : '12rem'} style={single ? { maxWidth: '18rem' } : undefined}>
      {products.map((product) => (
        <li key={product.id}>
          <ProductCardView
            product={product}
            href={`${linkBase || window.location.origin}/products/${product.id}`}
            actions={
              <Button
                $variant="primary"
                $block
                disabled={!product.in_stock}
                onClick={() => options.onAddToCart?.({ product })}
                aria-label={`Add ${product.name} to cart`}
              >
                {product.in_stock ? 'Add to cart' : 'Sold out'}
              </Button>
            }
          />
        </li>
      ))}
    </Grid>
  );
}

/**
 * Framework-neutral embedding for integrators: renders a product grid (or one card) into any
 * element, with its own React root and query cache.
 */
export function mount(element: HTMLElement, initial: EmbedOptions = {}): EmbedHandle {
  let options = { ...initial };
  let mounted = true;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  const root: Root = createRoot(element);
  const render = () => {
    if (options.apiBaseUrl) configureHttp({ baseURL: options.apiBaseUrl });
    root.render(
      <StrictMode>
        <UiProvider globalStyles={false}>
          <QueryClientProvider client={client}>
            <Frame data-boundary="mf-catalog" data-embed="catalog">
              <EmbeddedProducts options={options} />
            </Frame>
          </QueryClientProvider>
        </UiProvider>
      </StrictMode>,
    );
  };
  render();
  return {
    update(next) {
      if (!mounted) return;
      // The cache is keyed by filters only: answers from another API must not be reused.
      if (next.apiBaseUrl !== undefined && next.apiBaseUrl !== options.apiBaseUrl) client.clear();
      options = { ...options, ...next };
      render();
    },
    unmount() {
      if (!mounted) return;
      mounted = false;
      root.unmount();
      client.clear();
    },
  };
}

export interface ElementHandle {
  update(options: StoreElementOptions): void;
  unmount(): void;
}

/** One query cache for every element of the page: two elements asking the same share one answer. */
let elementsClient: QueryClient | null = null;

/**
 * What embed.js calls for each `<store-products>` and `<store-product>`: renders into the element's
 * shadow root, its styles injected there (styled-components' target), so nothing of the page's CSS
 * comes in and nothing of the store's goes out. The React is the store's (this remote's), whatever
 * the page runs.
 */
export function mountElement(shadowRoot: ShadowRoot, initial: StoreElementOptions): ElementHandle {
  elementsClient ??= new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  const client = elementsClient;
  // The store's API retries a lost request three times; an embed says "unreachable" sooner. Its
  // media paths (/api/media/…) resolve against the store, not the integrator's page.
  configureHttp({ retryDelayMs: 300, baseURL: `${initial.storeUrl.replace(/\/$/, '')}/api` });
  const container = document.createElement('div');
  shadowRoot.appendChild(container);
  const root: Root = createRoot(container);
  let mounted = true;
  const render = (options: StoreElementOptions) => {
    root.render(
      <StrictMode>
        <StyleSheetManager target={shadowRoot}>
          <UiProvider globalStyles={false} themed>
            <QueryClientProvider client={client}>
              <Frame data-boundary="mf-catalog" data-embed={options.view}>
                <StoreEmbed options={options} />
              </Frame>
            </QueryClientProvider>
          </UiProvider>
        </StyleSheetManager>
      </StrictMode>,
    );
  };
  render(initial);
  return {
    update(options) {
      if (mounted) render(options);
    },
    unmount() {
      if (!mounted) return;
      mounted = false;
      root.unmount();
      container.remove();
    },
  };
}
