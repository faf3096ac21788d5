import type { ColumnDef } from '@tanstack/react-table';
import { Link } from '@store/router';
import type { AdminCustomer } from '@store/contracts';
import { Nowrap, StackedCell } from '../admin-ui/Cells';
import { formatDate, money } from '../admin-ui/format';
import { PageHeader } from '../admin-ui/Page';
import { noMatches, PagedTable } from '../admin-ui/PagedTable';
import { compact, useListParams } from '../admin-ui/useListParams';
import { ListSearch } from '../admin-ui/ListSearch';
import { useAdminCustomers, type CustomerListQuery } from './api';
import { CustomerStatusBadge, customerName } from './CustomerStatusBadge';

const PAGE_SIZE = 20;

/** `?status=active|deactivated` as the API's `is_active`; anything else shows everyone. */
export function toActiveFilter(status: string): CustomerListQuery['is_active'] {
  return status === 'active' ? 'true' : status === 'deactivated' ? 'false' : undefined;
}

const columns: ColumnDef<AdminCustomer, unknown>[] = [
  {
    id: 'name',
    header: 'Customer',
    cell: ({ row: { original: c } }) => (
      <StackedCell>
        <Link to={`/admin/customers/${c.id}`}>{customerName(c)}</Link>
        <small>@{c.username}</small>
      </StackedCell>
    ),
  },
  { id: 'email', header: 'E-mail', cell: ({ row }) => row.original.email },
  { id: 'joined', header: 'Joined', cell: ({ row }) => <Nowrap>{formatDate(row.original.date_joined)}</Nowrap> },
  { id: 'orders', header: 'Orders', cell: ({ row }) => row.original.order_count },
  { id: 'spent', header: 'Total spent', cell: ({ row }) => <Nowrap>{money(row.original.total_spent)}</Nowrap> },
  { id: 'status', header: 'Status', cell: ({ row }) => <CustomerStatusBadge active={row.original.is_active} /> },
];

export function CustomersListPage() {
  const params = useListParams(['search', 'status'] as const);
  const { values, page, update } = params;
  const list = useAdminCustomers({
    ...compact({ search: values.search, is_active: toActiveFilter(values.status) }),
    page,
    page_size: PAGE_SIZE,
  });
  const filtered = Boolean(values.search || toActiveFilter(values.status));

  return (
    <>
      <PageHeader title="Customers" description="Shopper accounts: who they are, what they ordered, and access." />
      <ListSearch
        label="Find customers"
        idPrefix="customers"
        placeholder="Name, e-mail or username"
        params={params}
        filters={[
          {
            key: 'status',
            label: 'Status',
            options: [
              ['', 'Active or deactivated'],
              ['active', 'Active'],
              ['deactivated', 'Deactivated'],
            ],
          },
        ]}
      />
      <PagedTable
        query={list}
        what="customers"
        onPage={(p) => update({ page: p })}
        empty={
          filtered
            ? noMatches({
                title: 'No customers match these filters',
                description: 'Try another name, e-mail or username, or clear the filters.',
                onClear: () => update({ search: '', status: '' }),
              })
            : { title: 'No customers yet', description: 'Shoppers who create an account show here.' }
        }
        caption="Customers"
        columns={columns}
        getRowId={(c) => String(c.id)}
      />
    </>
  );
}
