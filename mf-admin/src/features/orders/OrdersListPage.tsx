import type { ColumnDef } from '@tanstack/react-table';
import { Link } from '@store/router';
import styled from 'styled-components';
import type { AdminOrderListQuery, AdminOrderSort, Order, OrderStatus, PaymentMethod } from '@store/contracts';
import { orderStatuses, orderStatusLabels, paymentMethodLabels, paymentMethods } from '@store/contracts/order-labels';
import { Nowrap, StackedCell } from '../admin-ui/Cells';
import type { Sorting } from '../admin-ui/DataTable';
import { formatDateTime, money } from '../admin-ui/format';
import { PageHeader } from '../admin-ui/Page';
import { noMatches, PagedTable } from '../admin-ui/PagedTable';
import { parseSort, sortParam } from '../admin-ui/sorting';
import { compact, useListParams } from '../admin-ui/useListParams';
import { ListSearch } from '../admin-ui/ListSearch';
import { useAdminOrders } from './api';
import { paymentState } from './payment';
import { StatusBadge } from './StatusBadge';

const PAGE_SIZE = 20;
const SORTS = ['created', 'number', 'customer', 'total'] as const;
const NEWEST_FIRST: Sorting = { by: 'created', dir: 'desc' };

const Muted = styled.small<{ $tone?: 'danger' | 'success' }>`
  color: ${({ theme, $tone }) =>
    $tone === 'danger' ? theme.colors.danger : $tone === 'success' ? theme.colors.success : theme.colors.textMuted};
`;
const NumberLink = styled(Link)`
  font-weight: 600;
  white-space: nowrap;
  color: inherit;
`;

const columns: ColumnDef<Order, unknown>[] = [
  {
    id: 'number',
    header: 'Order',
    enableSorting: true,
    cell: ({ row: { original: o } }) => <NumberLink to={`/admin/orders/${o.id}`}>{o.number}</NumberLink>,
  },
  {
    id: 'created',
    header: 'Date',
    enableSorting: true,
    cell: ({ row }) => <Nowrap>{formatDateTime(row.original.created_at)}</Nowrap>,
  },
  {
    id: 'customer',
    header: 'Customer',
    enableSorting: true,
    cell: ({ row: { original: o } }) => (
      <StackedCell>
        <span>{o.customer.name || o.customer.email}</span>
        <small>{o.customer.email}</small>
      </StackedCell>
    ),
  },
  { id: 'items', header: 'Items', cell: ({ row }) => row.original.item_count },
  {
    id: 'total',
    header: 'Total',
    enableSorting: true,
    cell: ({ row }) => <Nowrap>{money(row.original.total)}</Nowrap>,
  },
  {
    id: 'payment',
    header: 'Payment',
    cell: ({ row: { original: o } }) => {
      const state = paymentState(o);
      return (
        <StackedCell>
          <Nowrap>{paymentMethodLabels[o.payment_method]}</Nowrap>
          <Muted $tone={state.tone}>{state.short}</Muted>
        </StackedCell>
      );
    },
  },
  { id: 'status', header: 'Status', cell: ({ row }) => <StatusBadge status={row.original.status} /> },
];

/** `/admin/orders`: every order, filtered, searched, sorted and paged by the server, all in the address. */
export function OrdersListPage() {
  const params = useListParams(['search', 'status', 'payment_method', 'sort'] as const);
  const { values, page, update } = params;
  const sorting = parseSort(values.sort, SORTS, NEWEST_FIRST);
  const query = compact({
    search: values.search,
    status: orderStatuses.includes(values.status as OrderStatus) ? values.status : '',
    payment_method: paymentMethods.includes(values.payment_method as PaymentMethod) ? values.payment_method : '',
    sort: sortParam(sorting),
    page,
    page_size: PAGE_SIZE,
  }) as AdminOrderListQuery;
  const list = useAdminOrders(query);

  const onSort = (next: Sorting) => {
    const param = sortParam(next) as AdminOrderSort;
    update({ sort: param === sortParam(NEWEST_FIRST) ? '' : param });
  };

  const filtered = Boolean(values.search || values.status || values.payment_method);
  return (
    <>
      <PageHeader title="Orders" description="Every order placed in the store, newest first." />
      <ListSearch
        label="Find orders"
        idPrefix="orders"
        placeholder="Order number, customer name or e-mail"
        params={params}
        filters={[
          {
            key: 'status',
            label: 'Status',
            options: [['', 'Any status'], ...orderStatuses.map((s) => [s, orderStatusLabels[s]] as const)],
          },
          {
            key: 'payment_method',
            id: 'payment',
            label: 'Payment',
            options: [['', 'Any payment method'], ...paymentMethods.map((m) => [m, paymentMethodLabels[m]] as const)],
          },
        ]}
      />
      <PagedTable
        query={list}
        what="orders"
        onPage={(p) => update({ page: p })}
        empty={
          filtered
            ? noMatches({
                title: 'No orders match these filters',
                description: 'Try another search, or clear the filters.',
                onClear: () => update({ search: '', status: '', payment_method: '' }),
              })
            : { title: 'No orders yet', description: 'Orders appear here as soon as shoppers check out.' }
        }
        caption="Orders"
        columns={columns}
        getRowId={(o) => String(o.id)}
        sorting={sorting}
        onSort={onSort}
      />
    </>
  );
}
