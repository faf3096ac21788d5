import { useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from '@store/router';
import styled from 'styled-components';
import type { AdminProduct, AdminProductListQuery, AdminProductSort } from '@store/contracts';
import { assetUrl, getErrorMessage } from '@store/http';
import { Badge, Button, toast } from '@store/ui';
import { Nowrap } from '../admin-ui/Cells';
import { ConfirmDialog } from '../admin-ui/ConfirmDialog';
import type { Sorting } from '../admin-ui/DataTable';
import { formatDate, money } from '../admin-ui/format';
import { PageHeader } from '../admin-ui/Page';
import { noMatches, PagedTable } from '../admin-ui/PagedTable';
import { parseSort, sortParam } from '../admin-ui/sorting';
import { compact, useListParams } from '../admin-ui/useListParams';
import { ListSearch } from '../admin-ui/ListSearch';
import { useAdminCategories, useAdminProducts, useDeleteProduct, usePublishProduct } from './api';

/** A variant with this many or fewer left is low on stock (as the API's `stock=low` filter counts). */
export const LOW_STOCK = 5;
const PAGE_SIZE = 20;
const SORTS = ['name', 'price', 'stock', 'updated'] as const;

const Thumb = styled.img`
  width: 2.5rem;
  height: 2.5rem;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  flex: none;
`;
const NameCell = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  min-width: 11rem;
  a {
    color: inherit;
    font-weight: 600;
  }
  small {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
const RowActions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[1]};
  justify-content: flex-end;
  white-space: nowrap;
`;
const StatusCell = styled.div`
  display: grid;
  justify-items: start;
  gap: ${({ theme }) => theme.space[1]};
  button {
    padding-inline: 0;
    min-height: 0;
    text-decoration: underline;
  }
`;

const toSort = (sorting: Sorting) => sortParam(sorting) as AdminProductSort;

type Pending = { kind: 'delete' | 'publish' | 'unpublish'; product: AdminProduct } | null;

export function ProductsListPage() {
  const params = useListParams(['search', 'category', 'published', 'stock', 'sort'] as const);
  const { values, page, update } = params;
  const sorting = parseSort(values.sort, SORTS, { by: 'updated', dir: 'desc' });
  const query = compact({
    search: values.search,
    category: values.category,
    published: values.published as 'true' | 'false' | '',
    stock: values.stock as 'low' | 'out' | 'in' | '',
    sort: toSort(sorting),
    page,
    page_size: PAGE_SIZE,
  }) as AdminProductListQuery;
  const list = useAdminProducts(query);
  const categories = useAdminCategories();
  const publish = usePublishProduct();
  const remove = useDeleteProduct();
  const [pending, setPending] = useState<Pending>(null);

  const confirm = async () => {
    if (!pending) return;
    const { kind, product } = pending;
    try {
      if (kind === 'delete') {
        await remove.mutateAsync(product.id);
        toast.success(`${product.name} was deleted.`);
        // The last row of a page: show the page before.
        if (list.data && list.data.data.length === 1 && page > 1) update({ page: page - 1 });
      } else {
        await publish.mutateAsync({ id: product.id, published: kind === 'publish' });
        toast.success(
          kind === 'publish'
            ? `${product.name} is published: shoppers can see it.`
            : `${product.name} is unpublished: shoppers no longer see it.`,
        );
      }
      setPending(null);
    } catch (error) {
      toast.error(getErrorMessage(error, `${product.name} could not be changed. Please try again.`));
    }
  };

  const columns: ColumnDef<AdminProduct, unknown>[] = [
    {
      id: 'name',
      header: 'Product',
      enableSorting: true,
      cell: ({ row: { original: p } }) => (
        <NameCell>
          <Thumb src={assetUrl(p.image)} alt="" width={40} height={40} loading="lazy" />
          <div>
            <Link to={`/admin/products/view-product/${p.id}`}>{p.name}</Link>
            <small>
              {p.variants.length} {p.variants.length === 1 ? 'variant' : 'variants'} · {p.variants[0]?.sku}
            </small>
          </div>
        </NameCell>
      ),
    },
    { id: 'category', header: 'Category', cell: ({ row }) => row.original.category },
    {
      id: 'price',
      header: 'Price',
      enableSorting: true,
      cell: ({ row: { original: p } }) => (
        <Nowrap>
          {p.variants.length > 1 ? 'from ' : ''}
          {money(p.min_price)}
          {p.on_sale && (
            <>
              {' '}
              <Badge $tone="sale">Sale</Badge>
            </>
          )}
        </Nowrap>
      ),
    },
    {
      id: 'stock',
      header: 'Stock',
      enableSorting: true,
      cell: ({ row: { original: p } }) =>
        p.total_stock === 0 ? (
          <Badge $tone="danger">Out of stock</Badge>
        ) : p.variants.some((v) => v.stock <= LOW_STOCK) ? (
          <Nowrap>
            {p.total_stock} <Badge $tone="sale">Low</Badge>
          </Nowrap>
        ) : (
          p.total_stock
        ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row: { original: p } }) => (
        <StatusCell>
          {p.published ? <Badge $tone="success">Published</Badge> : <Badge>Unpublished</Badge>}
          <Button
            $size="sm"
            $variant="ghost"
            onClick={() => setPending({ kind: p.published ? 'unpublish' : 'publish', product: p })}
            aria-label={`${p.published ? 'Unpublish' : 'Publish'} ${p.name}`}
          >
            {p.published ? 'Unpublish' : 'Publish'}
          </Button>
        </StatusCell>
      ),
    },
    {
      id: 'updated',
      header: 'Updated',
      enableSorting: true,
      cell: ({ row }) => <Nowrap>{formatDate(row.original.last_modified_at)}</Nowrap>,
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: ({ row: { original: p } }) => (
        <RowActions>
          <Button as={Link} to={`/admin/products/edit-product/${p.id}`} $size="sm" aria-label={`Edit ${p.name}`}>
            Edit
          </Button>
          <Button
            $size="sm"
            $variant="danger"
            onClick={() => setPending({ kind: 'delete', product: p })}
            aria-label={`Delete ${p.name}`}
          >
            Delete
          </Button>
        </RowActions>
      ),
    },
  ];

  const filtered = Boolean(values.search || values.category || values.published || values.stock);
  return (
    <>
      <PageHeader
        title="Products"
        description="Everything in the catalogue, published or not."
        actions={
          <Button as={Link} to="/admin/products/add-product" $variant="primary">
            Add product
          </Button>
        }
      />
      <ListSearch
        label="Find products"
        idPrefix="products"
        placeholder="Name or slug"
        params={params}
        filters={[
          {
            key: 'category',
            label: 'Category',
            options: [['', 'All categories'], ...(categories.data ?? []).map((c) => [c.name, c.name] as const)],
          },
          {
            key: 'published',
            label: 'Status',
            options: [
              ['', 'Published or not'],
              ['true', 'Published'],
              ['false', 'Unpublished'],
            ],
          },
          {
            key: 'stock',
            label: 'Stock',
            options: [
              ['', 'Any stock'],
              ['in', 'In stock'],
              ['low', `Low stock (${LOW_STOCK} or fewer of a variant)`],
              ['out', 'Out of stock'],
            ],
          },
        ]}
      />
      <PagedTable
        query={list}
        what="products"
        onPage={(p) => update({ page: p })}
        empty={
          filtered
            ? noMatches({
                title: 'No products match these filters',
                description: 'Try another search, or clear the filters.',
                onClear: () => update({ search: '', category: '', published: '', stock: '' }),
              })
            : {
                title: 'No products yet',
                description: 'Add the first product to the catalogue.',
                action: (
                  <Button as={Link} to="/admin/products/add-product" $variant="primary">
                    Add product
                  </Button>
                ),
              }
        }
        caption="Products"
        columns={columns}
        getRowId={(p) => String(p.id)}
        sorting={sorting}
        onSort={(next) => update({ sort: toSort(next) === '-updated' ? '' : toSort(next) })}
      />
      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.kind === 'delete'
            ? `Delete ${pending.product.name}?`
            : pending?.kind === 'publish'
              ? `Publish ${pending.product.name}?`
              : `Unpublish ${pending?.product.name ?? ''}?`
        }
        description={
          pending?.kind === 'delete'
            ? 'The product, its variants and images are removed for good. Orders keep their lines.'
            : pending?.kind === 'publish'
              ? 'Shoppers will see it in the store.'
              : 'Shoppers will no longer see it; it stays here to edit or publish again.'
        }
        confirmLabel={pending?.kind === 'delete' ? 'Delete' : pending?.kind === 'publish' ? 'Publish' : 'Unpublish'}
        tone={pending?.kind === 'delete' ? 'danger' : 'primary'}
        pending={publish.isPending || remove.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
