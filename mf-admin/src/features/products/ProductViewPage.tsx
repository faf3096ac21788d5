import { Link, useParams } from '@store/router';
import styled from 'styled-components';
import { assetUrl, getStatus } from '@store/http';
import { Badge, Button, EmptyState, Panel, Table, tileGrid } from '@store/ui';
import { formatDateTime, money } from '../admin-ui/format';
import { ListState } from '../admin-ui/ListState';
import { Columns, Facts, PageHeader, Stack } from '../admin-ui/Page';
import { useAdminProduct } from './api';

const Gallery = styled.ul`
  ${tileGrid('8rem')}
  gap: ${({ theme }) => theme.space[3]};
  img {
    width: 100%;
    aspect-ratio: 1;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;
const Scroll = styled.div`
  overflow-x: auto;
`;
const Description = styled.p`
  margin: 0;
  white-space: pre-line;
  overflow-wrap: anywhere;
`;
const Muted = styled.p`
  margin: ${({ theme }) => theme.space[2]} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** `/admin/products/view-product/{productId}`: everything about a product, read-only. */
export function ProductViewPage() {
  const { productId } = useParams();
  const id = Number(productId);
  const valid = Number.isInteger(id) && id > 0;
  const query = useAdminProduct(valid ? id : 0);
  const p = query.data;

  if (!valid || getStatus(query.error) === 404) {
    return (
      <EmptyState
        title="Product not found"
        description="It may have been deleted."
        link={{ to: '/admin/products', label: 'Back to products' }}
      />
    );
  }

  return (
    <>
      <PageHeader
        title={p?.name ?? 'Product'}
        back={{ to: '/admin/products', label: 'Products' }}
        actions={
          p && (
            <>
              {p.published && (
                <Button as="a" href={`/products/${p.id}`} target="_blank" rel="noreferrer">
                  Open in the store ↗
                </Button>
              )}
              <Button as={Link} to={`/admin/products/edit-product/${p.id}`} $variant="primary">
                Edit
              </Button>
            </>
          )
        }
      />
      <ListState
        isPending={query.isPending}
        error={query.error}
        isEmpty={false}
        what="product"
        empty={{ title: '' }}
        onRetry={() => void query.refetch()}
      >
        {p && (
          <Columns>
            <Stack>
              <Panel aria-labelledby="view-description">
                <h2 id="view-description">Description</h2>
                <Description>{p.description || 'No description.'}</Description>
              </Panel>
              <Panel aria-labelledby="view-variants">
                <h2 id="view-variants">Variants</h2>
                {/* Focusable, so keyboard users can scroll it sideways on a phone. */}
                <Scroll tabIndex={0} role="region" aria-label="Variants table">
                  <Table>
                    <caption style={{ textAlign: 'left', paddingBottom: '0.5rem' }}>
                      {p.variants.length} {p.variants.length === 1 ? 'variant' : 'variants'}, {p.total_stock} in stock
                    </caption>
                    <thead>
                      <tr>
                        <th scope="col">SKU</th>
                        <th scope="col">Attributes</th>
                        <th scope="col">Regular price</th>
                        <th scope="col">Sale price</th>
                        <th scope="col">Stock</th>
                      </tr>
                    </thead>
                    <tbody>
                      {p.variants.map((v) => (
                        <tr key={v.id}>
                          <td>{v.sku}</td>
                          <td>
                            {Object.entries(v.attributes)
                              .map(([k, val]) => `${k}: ${val}`)
                              .join(', ') || '–'}
                          </td>
                          <td>{money(v.regular_price)}</td>
                          <td>{v.sale_price === '0.00' ? '–' : money(v.sale_price)}</td>
                          <td>{v.stock}</td>
                        </tr>
                      ))}
                    </tbody>
                  </Table>
                </Scroll>
              </Panel>
              <Panel aria-labelledby="view-images">
                <h2 id="view-images">Images</h2>
                {p.photos.length === 0 ? (
                  <>
                    <Gallery>
                      <li>
                        <img src={assetUrl(p.image)} alt={`${p.name} (generated picture)`} />
                      </li>
                    </Gallery>
                    <Muted>No uploaded images: the store shows a generated picture.</Muted>
                  </>
                ) : (
                  <Gallery>
                    {p.photos.map((photo, i) => (
                      <li key={photo.id}>
                        <img src={assetUrl(photo.small)} alt={`${p.name}, image ${i + 1}`} />
                      </li>
                    ))}
                  </Gallery>
                )}
              </Panel>
            </Stack>
            <Panel aria-labelledby="view-facts">
              <h2 id="view-facts">Details</h2>
              <Facts>
                <dt>Status</dt>
                <dd>{p.published ? <Badge $tone="success">Published</Badge> : <Badge>Unpublished</Badge>}</dd>
                <dt>Category</dt>
                <dd>{p.category}</dd>
                <dt>Type</dt>
                <dd>{p.type === 'SIMPLE' ? 'Simple' : 'Variable'}</dd>
                <dt>Featured</dt>
                <dd>{p.featured ? 'Yes' : 'No'}</dd>
                <dt>Price</dt>
                <dd>
                  {p.variants.length > 1 ? 'from ' : ''}
                  {money(p.min_price)}
                </dd>
                <dt>Created</dt>
                <dd>
                  {formatDateTime(p.created_at)}
                  {p.created_by ? ` by ${p.created_by}` : ''}
                </dd>
                <dt>Last change</dt>
                <dd>
                  {formatDateTime(p.last_modified_at)}
                  {p.last_modified_by ? ` by ${p.last_modified_by}` : ''}
                </dd>
              </Facts>
              {!p.published && <Muted>Unpublished: shoppers do not see it in the store.</Muted>}
            </Panel>
          </Columns>
        )}
      </ListState>
    </>
  );
}
