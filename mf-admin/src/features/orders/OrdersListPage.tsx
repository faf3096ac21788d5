import type { ColumnDef } from '@tanstack/react-table';
import { Link } from '@store/router';
import styled from 'styled-components';
import type { AdminOrderListQuery, AdminOrderSort, Order, OrderStatus, PaymentMethod } from '@store/contracts';
import { orderStatuses, orderStatusLabels, paymentMethodLabels, paymentMethods } from '@store/contracts/order-labels';
import { Button, FormField, Pagination, Select } from '@store/ui';
import { DataTable, type Sorting } from '../admin-ui/DataTable';
import { formatDateTime, money } from '../admin-ui/format';
import { ListState } from '../admin-ui/ListState';
import { PageHeader } from '../admin-ui/Page';
import { parseSort, sortParam } from '../admin-ui/sorting';
import { compact, useListParams } from '../admin-ui/useListParams';
import { ListSearch } from '../admin-ui/ListSearch';
import { useAdminOrders } from './api';
import { paymentState } from './payment';
import { StatusBadge } from './StatusBadge';

const PAGE_SIZE = 20;
const SORTS = ['created', 'number', 'customer', 'total'] as const;
const NEWEST_FIRST: Sorting = { by: 'created', dir: 'desc' };

const Stacked = styled.div`
  display: grid;
  gap: 2px;
  min-width: 9rem;
  small {
    color: ${({ theme }) => theme.colors.textMuted};
    overflow-wrap: anywhere;
  }
`;
const Muted = styled.small<{ $tone?: 'danger' | 'success' }>`
  color: ${({ theme, $tone }) =>
    $tone === 'danger' ? theme.colors.danger : $tone === 'success' ? theme.colors.success : theme.colors.textMuted};
`;
const NumberLink = styled(Link)`
  font-weight: 600;
  white-space: nowrap;
  color: inherit;
`;
const Nowrap = styled.span`
  white-space: nowrap;
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
      <Stacked>
        <span>{o.customer.name || o.customer.email}</span>
        <small>{o.customer.email}</small>
      </Stacked>
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
        <Stacked>
          <Nowrap>{paymentMethodLabels[o.payment_method]}</Nowrap>
          <Muted $tone={state.tone}>{state.short}</Muted>
        </Stacked>
      );
    },
  },
  { id: 'status', header: 'Status', cell: ({ row }) => <StatusBadge status={row.original.status} /> },
];

/** `/admin/orders`: every order, filtered, searched, sorted and paged by the server, all in the address. */
export function OrdersListPage() {
  const { values, page, update } = useListParams(['search', 'status', 'payment_method', 'sort'] as const);
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
  const data = list.data;

  return (
    <>
      <PageHeader title="Orders" description="Every order placed in the store, newest first." />
      <ListSearch
        label="Find orders"
        idPrefix="orders"
        placeholder="Order number, customer name or e-mail"
        committed={values.search}
        onSearch={(search) => update({ search })}
      >
        <FormField label="Status" htmlFor="orders-status">
          <Select id="orders-status" value={values.status} onChange={(e) => update({ status: e.target.value })}>
            <option value="">Any status</option>
            {orderStatuses.map((s) => (
              <option key={s} value={s}>
                {orderStatusLabels[s]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Payment" htmlFor="orders-payment">
          <Select
            id="orders-payment"
            value={values.payment_method}
            onChange={(e) => update({ payment_method: e.target.value })}
          >
            <option value="">Any payment method</option>
            {paymentMethods.map((m) => (
              <option key={m} value={m}>
                {paymentMethodLabels[m]}
              </option>
            ))}
          </Select>
        </FormField>
      </ListSearch>
      <ListState
        isPending={list.isPending}
        error={list.error}
        isEmpty={!data || data.data.length === 0}
        what="orders"
        onRetry={() => void list.refetch()}
        empty={
          filtered
            ? {
                title: 'No orders match these filters',
                description: 'Try another search, or clear the filters.',
                action: (
                  <Button
                    onClick={() => {
                      update({ search: '', status: '', payment_method: '' });
                    }}
                  >
                    Clear filters
                  </Button>
                ),
              }
            : { title: 'No orders yet', description: 'Orders appear here as soon as shoppers check out.' }
        }
      >
        {data && (
          <>
            <DataTable
              caption="Orders"
              data={data.data}
              columns={columns}
              getRowId={(o) => String(o.id)}
              sorting={sorting}
              onSort={onSort}
            />
            <Pagination meta={data.meta} noun="orders" onPage={(p) => update({ page: p })} />
          </>
        )}
      </ListState>
    </>
  );
}
