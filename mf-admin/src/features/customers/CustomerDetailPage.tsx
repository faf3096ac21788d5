import { useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link, useParams } from '@store/router';
import styled from 'styled-components';
import type { AdminCustomerDetail, Order } from '@store/contracts';
import { formatMoney, toCents } from '@store/contracts/money';
import { paymentMethodLabels } from '@store/contracts/order-labels';
import { getErrorMessage, getStatus } from '@store/http';
import { useProfile } from '@store/shopper';
import { Banner, Button, EmptyState, Panel, toast } from '@store/ui';
import { Nowrap } from '../admin-ui/Cells';
import { ConfirmDialog } from '../admin-ui/ConfirmDialog';
import { DataTable } from '../admin-ui/DataTable';
import { FigureCard, FigureList } from '../admin-ui/Figures';
import { formatDate, formatDateTime, money } from '../admin-ui/format';
import { ListState } from '../admin-ui/ListState';
import { Facts, PageHeader, Stack } from '../admin-ui/Page';
import { StatusBadge } from '../orders/StatusBadge';
import { useAdminCustomer, useSetCustomerActive } from './api';
import { CustomerStatusBadge, customerName } from './CustomerStatusBadge';

const OrderLink = styled(Link)`
  color: inherit;
  font-weight: 600;
  white-space: nowrap;
`;
const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const orderColumns: ColumnDef<Order, unknown>[] = [
  {
    id: 'number',
    header: 'Order',
    cell: ({ row }) => <OrderLink to={`/admin/orders/${row.original.id}`}>{row.original.number}</OrderLink>,
  },
  { id: 'date', header: 'Placed', cell: ({ row }) => <Nowrap>{formatDateTime(row.original.created_at)}</Nowrap> },
  { id: 'status', header: 'Status', cell: ({ row }) => <StatusBadge status={row.original.status} /> },
  {
    id: 'payment',
    header: 'Payment',
    cell: ({ row: { original: o } }) => (
      <Nowrap>
        {paymentMethodLabels[o.payment_method]}
        {o.paid_at ? ` · paid ${formatDate(o.paid_at)}` : ''}
      </Nowrap>
    ),
  },
  { id: 'items', header: 'Items', cell: ({ row }) => row.original.item_count },
  { id: 'total', header: 'Total', cell: ({ row }) => <Nowrap>{money(row.original.total)}</Nowrap> },
];

/** `/admin/customers/{customerId}`: who the customer is, what they ordered, and their access. */
export function CustomerDetailPage() {
  const { customerId } = useParams();
  const id = Number(customerId);
  const valid = Number.isInteger(id) && id > 0;
  const query = useAdminCustomer(valid ? id : 0);
  const customer = query.data;

  if (!valid || getStatus(query.error) === 404) {
    return (
      <EmptyState
        title="Customer not found"
        description="There is no customer account with this number."
        link={{ to: '/admin/customers', label: 'Back to customers' }}
      />
    );
  }

  return (
    <>
      <PageHeader
        title={customer ? customerName(customer) : 'Customer'}
        description={customer?.email}
        back={{ to: '/admin/customers', label: 'Customers' }}
        actions={customer && <AccessButton customer={customer} />}
      />
      <ListState
        isPending={query.isPending}
        error={query.error}
        isEmpty={false}
        what="customer"
        empty={{ title: '' }}
        onRetry={() => void query.refetch()}
      >
        {customer && <CustomerDetails customer={customer} />}
      </ListState>
    </>
  );
}

function CustomerDetails({ customer }: { customer: AdminCustomerDetail }) {
  const average = customer.order_count > 0 ? Math.round(toCents(customer.total_spent) / customer.order_count) : 0;
  return (
    <Stack>
      {!customer.is_active && (
        <Banner tone="info">This account is deactivated: the customer cannot sign in until it is reactivated.</Banner>
      )}
      <FigureList aria-label="Customer figures">
        <FigureCard>
          <span>Orders</span>
          <strong>{customer.order_count}</strong>
        </FigureCard>
        <FigureCard>
          <span>Total spent</span>
          <strong>{money(customer.total_spent)}</strong>
          <span>Cancelled orders not counted</span>
        </FigureCard>
        <FigureCard>
          <span>Average order</span>
          <strong>{formatMoney(average)}</strong>
        </FigureCard>
      </FigureList>
      <Panel aria-labelledby="customer-profile">
        <h2 id="customer-profile">Profile</h2>
        <Facts>
          <dt>Name</dt>
          <dd>{`${customer.first_name} ${customer.last_name}`.trim() || '—'}</dd>
          <dt>Username</dt>
          <dd>{customer.username}</dd>
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${customer.email}`}>{customer.email}</a>
          </dd>
          <dt>Joined</dt>
          <dd>{formatDate(customer.date_joined)}</dd>
          <dt>Status</dt>
          <dd>
            <CustomerStatusBadge active={customer.is_active} />
          </dd>
        </Facts>
      </Panel>
      <Panel aria-labelledby="customer-orders">
        <h2 id="customer-orders">Orders</h2>
        {customer.orders.length === 0 ? (
          <Muted>No orders yet.</Muted>
        ) : (
          <DataTable
            caption={`Orders of ${customerName(customer)}`}
            data={customer.orders}
            columns={orderColumns}
            getRowId={(o) => String(o.id)}
          />
        )}
      </Panel>
    </Stack>
  );
}

/** Deactivate or reactivate, after a confirmation that says what it does; never one's own account. */
function AccessButton({ customer }: { customer: AdminCustomerDetail }) {
  const [asking, setAsking] = useState(false);
  const setActive = useSetCustomerActive();
  const { data: me } = useProfile();
  const name = customerName(customer);
  if (me?.id === customer.id) return null;

  const deactivating = customer.is_active;
  const confirm = async () => {
    try {
      await setActive.mutateAsync({ id: customer.id, active: !deactivating });
      toast.success(
        deactivating ? `${name} is deactivated and signed out.` : `${name} is active again and can sign in.`,
      );
      setAsking(false);
    } catch (error) {
      toast.error(getErrorMessage(error, `${name} could not be changed. Please try again.`));
    }
  };

  return (
    <>
      <Button $variant={deactivating ? 'danger' : 'primary'} onClick={() => setAsking(true)}>
        {deactivating ? 'Deactivate' : 'Reactivate'}
      </Button>
      <ConfirmDialog
        open={asking}
        title={deactivating ? `Deactivate ${name}?` : `Reactivate ${name}?`}
        description={
          deactivating
            ? `${name} is signed out everywhere at once and cannot sign in until the account is reactivated. Their orders and details stay as they are.`
            : `${name} can sign in again with their password.`
        }
        confirmLabel={deactivating ? 'Deactivate' : 'Reactivate'}
        tone={deactivating ? 'danger' : 'primary'}
        pending={setActive.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
