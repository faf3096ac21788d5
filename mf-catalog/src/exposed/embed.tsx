import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import styled from 'styled-components';
import type { ProductCard } from '@store/contracts';
import { configureHttp } from '@store/http';
import { Button, EmptyState, UiProvider } from '@store/ui';
import { Grid, ProductCardView, ProductGridSkeleton } from '../features/product-card/ProductCard';
import { useProducts } from '../features/products/api/get-products';

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

const Frame = styled.div`
  font-family: ${({ theme }) => theme.fonts.body};
  color: ${({ theme }) => theme.colors.text};
`;

function EmbeddedProducts({ options }: { options: EmbedOptions }) {
  const limit = Math.min(Math.max(options.limit ?? 8, 1), 48);
  const single = options.view === 'card';
  const { data, isPending, isError } = useProducts({
    category: options.category,
    search: options.search,
    page_size: single && !options.productId ? 1 : limit,
  });
  const linkBase = (options.linkBase ?? '').replace(/\/$/, '');
  if (isPending) return <ProductGridSkeleton count={single ? 1 : Math.min(limit, 8)} />;
  if (isError) return <EmptyState title="Products are unavailable right now" />;
  let products = data.data;
  if (single) products = products.filter((p) => !options.productId || p.id === options.productId).slice(0, 1);
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
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  const root: Root = createRoot(element);
  const render = () => {
    if (options.apiBaseUrl) configureHttp({ baseURL: options.apiBaseUrl });
    root.render(
      <StrictMode>
        <UiProvider>
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
      options = { ...options, ...next };
      render();
    },
    unmount() {
      root.unmount();
      client.clear();
    },
  };
}
