import type { ColumnDef } from '@tanstack/react-table';
import { Link } from '@store/router';
import styled from 'styled-components';
import type { AdminCustomer } from '@store/contracts';
import { Button, FormField, Pagination, Select } from '@store/ui';
import { DataTable } from '../admin-ui/DataTable';
import { formatDate, money } from '../admin-ui/format';
import { ListState } from '../admin-ui/ListState';
import { PageHeader } from '../admin-ui/Page';
import { compact, useListParams } from '../admin-ui/useListParams';
import { ListSearch } from '../admin-ui/ListSearch';
import { useAdminCustomers, type CustomerListQuery } from './api';
import { CustomerStatusBadge, customerName } from './CustomerStatusBadge';

const PAGE_SIZE = 20;

const NameCell = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[1]};
  min-width: 9rem;
  a {
    color: inherit;
    font-weight: 600;
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
const Nowrap = styled.span`
  white-space: nowrap;
`;

/** `?status=active|deactivated` as the API's `is_active`; anything else shows everyone. */
export function toActiveFilter(status: string): CustomerListQuery['is_active'] {
  return status === 'active' ? 'true' : status === 'deactivated' ? 'false' : undefined;
}

const columns: ColumnDef<AdminCustomer, unknown>[] = [
  {
    id: 'name',
    header: 'Customer',
    cell: ({ row: { original: c } }) => (
      <NameCell>
        <Link to={`/admin/customers/${c.id}`}>{customerName(c)}</Link>
        <small>@{c.username}</small>
      </NameCell>
    ),
  },
  { id: 'email', header: 'E-mail', cell: ({ row }) => row.original.email },
  { id: 'joined', header: 'Joined', cell: ({ row }) => <Nowrap>{formatDate(row.original.date_joined)}</Nowrap> },
  { id: 'orders', header: 'Orders', cell: ({ row }) => row.original.order_count },
  { id: 'spent', header: 'Total spent', cell: ({ row }) => <Nowrap>{money(row.original.total_spent)}</Nowrap> },
  { id: 'status', header: 'Status', cell: ({ row }) => <CustomerStatusBadge active={row.original.is_active} /> },
];

export function CustomersListPage() {
  const { values, page, update } = useListParams(['search', 'status'] as const);
  const list = useAdminCustomers({
    ...compact({ search: values.search, is_active: toActiveFilter(values.status) }),
    page,
    page_size: PAGE_SIZE,
  });
  const filtered = Boolean(values.search || toActiveFilter(values.status));
  const data = list.data;

  return (
    <>
      <PageHeader title="Customers" description="Shopper accounts: who they are, what they ordered, and access." />
      <ListSearch
        label="Find customers"
        idPrefix="customers"
        placeholder="Name, e-mail or username"
        committed={values.search}
        onSearch={(search) => update({ search })}
      >
        <FormField label="Status" htmlFor="customers-status">
          <Select
            id="customers-status"
            value={toActiveFilter(values.status) ? values.status : ''}
            onChange={(e) => update({ status: e.target.value })}
          >
            <option value="">Active or deactivated</option>
            <option value="active">Active</option>
            <option value="deactivated">Deactivated</option>
          </Select>
        </FormField>
      </ListSearch>
      <ListState
        isPending={list.isPending}
        error={list.error}
        isEmpty={!data || data.data.length === 0}
        what="customers"
        onRetry={() => void list.refetch()}
        empty={
          filtered
            ? {
                title: 'No customers match these filters',
                description: 'Try another name, e-mail or username, or clear the filters.',
                action: <Button onClick={() => update({ search: '', status: '' })}>Clear filters</Button>,
              }
            : { title: 'No customers yet', description: 'Shoppers who create an account show here.' }
        }
      >
        {data && (
          <>
            <DataTable caption="Customers" data={data.data} columns={columns} getRowId={(c) => String(c.id)} />
            <Pagination meta={data.meta} noun="customers" onPage={(p) => update({ page: p })} />
          </>
        )}
      </ListState>
    </>
  );
}
