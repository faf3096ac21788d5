import { useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from '@store/router';
import styled from 'styled-components';
import type { PayLaterItem, PayLaterSummary } from '@store/contracts';
import { getErrorMessage } from '@store/http';
import { Badge, Button, toast } from '@store/ui';
import { Nowrap, StackedCell } from '../admin-ui/Cells';
import { ConfirmDialog } from '../admin-ui/ConfirmDialog';
import { FigureCard, FigureList } from '../admin-ui/Figures';
import { formatDate, money } from '../admin-ui/format';
import { PageHeader, Stack } from '../admin-ui/Page';
import { noMatches, PagedTable } from '../admin-ui/PagedTable';
import { compact, useListParams } from '../admin-ui/useListParams';
import { ListSearch } from '../admin-ui/ListSearch';
import { useMarkPaid, usePayLater, type PayLaterStatus } from './api';

const PAGE_SIZE = 20;
const DAY = 86_400_000;
const STATUSES: PayLaterStatus[] = ['outstanding', 'paid', 'all'];

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  white-space: nowrap;
`;

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;
const items = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

/** Where an item stands, as the list says it: paid on a date, overdue by whole days, or due soon. */
export function paymentState(
  item: PayLaterItem,
  now = new Date(),
): { text: string; tone: 'success' | 'danger' | null } {
  if (item.status === 'paid') {
    return { text: item.paid_at ? `Paid ${formatDate(item.paid_at)}` : 'Paid', tone: 'success' };
  }
  if (item.overdue) return { text: `${days(item.days_overdue)} overdue`, tone: 'danger' };
  const left = Math.ceil((new Date(item.due_date).getTime() - now.getTime()) / DAY);
  return { text: left <= 0 ? 'Due today' : `Due in ${days(left)}`, tone: null };
}

/** `?status=` holds the filter; anything unknown shows the outstanding items, as the API does. */
export function toStatus(value: string): PayLaterStatus {
  return STATUSES.includes(value as PayLaterStatus) ? (value as PayLaterStatus) : 'outstanding';
}

const emptyText: Record<PayLaterStatus, { title: string; description: string }> = {
  outstanding: { title: 'Nothing outstanding', description: 'Every pay-later order has been paid.' },
  paid: { title: 'No payments recorded yet', description: 'Items marked paid show here, the latest first.' },
  all: { title: 'No pay-later orders yet', description: 'Orders placed with Pay later show here.' },
};

export function PayLaterPage() {
  const params = useListParams(['status', 'search'] as const);
  const { values, page, update } = params;
  const status = toStatus(values.status);
  const list = usePayLater({ status, ...compact({ search: values.search }), page, page_size: PAGE_SIZE });
  const markPaid = useMarkPaid();
  const [confirming, setConfirming] = useState<PayLaterItem | null>(null);

  const confirm = async () => {
    if (!confirming) return;
    const item = confirming;
    try {
      await markPaid.mutateAsync(item.id);
      toast.success(`Order ${item.order_number} marked paid: ${money(item.amount)} from ${item.customer.name}.`);
      setConfirming(null);
      // The last outstanding row of a later page: show the page before.
      if (status === 'outstanding' && list.data?.data.length === 1 && page > 1) update({ page: page - 1 });
    } catch (error) {
      toast.error(getErrorMessage(error, `Order ${item.order_number} could not be marked paid. Please try again.`));
    }
  };

  const columns: ColumnDef<PayLaterItem, unknown>[] = [
    {
      id: 'order',
      header: 'Order',
      cell: ({ row: { original: item } }) => (
        <StackedCell>
          <Link to={`/admin/orders/${item.order_id}`}>{item.order_number}</Link>
          <small>Placed {formatDate(item.created_at)}</small>
        </StackedCell>
      ),
    },
    {
      id: 'customer',
      header: 'Customer',
      cell: ({ row: { original: item } }) => (
        <StackedCell>
          <Link to={`/admin/customers/${item.customer.id}`}>{item.customer.name || item.customer.email}</Link>
          <small>{item.customer.email}</small>
        </StackedCell>
      ),
    },
    { id: 'amount', header: 'Amount', cell: ({ row }) => <Nowrap>{money(row.original.amount)}</Nowrap> },
    { id: 'due', header: 'Due date', cell: ({ row }) => <Nowrap>{formatDate(row.original.due_date)}</Nowrap> },
    {
      id: 'state',
      header: 'Days overdue',
      cell: ({ row: { original: item } }) => {
        const state = paymentState(item);
        return state.tone ? (
          <Nowrap>
            <Badge $tone={state.tone}>{state.text}</Badge>
          </Nowrap>
        ) : (
          <Muted>{state.text}</Muted>
        );
      },
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: ({ row: { original: item } }) =>
        item.status === 'outstanding' ? (
          <Nowrap>
            <Button $size="sm" onClick={() => setConfirming(item)} aria-label={`Mark paid: ${item.order_number}`}>
              Mark paid
            </Button>
          </Nowrap>
        ) : (
          <Muted>—</Muted>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Pay later"
        description="Orders paid by invoice: what is owed, what is late, and what came in."
      />
      <Stack>
        {list.data && <Totals summary={list.data.summary} />}
        <div>
          <ListSearch
            label="Find pay-later items"
            idPrefix="pay-later"
            placeholder="Order number, customer name or e-mail"
            params={params}
            filters={[
              {
                key: 'status',
                label: 'Show',
                options: [
                  ['outstanding', 'Outstanding'],
                  ['paid', 'Paid'],
                  ['all', 'All'],
                ],
              },
            ]}
          />
          <PagedTable
            query={list}
            what="pay-later items"
            noun="items"
            onPage={(p) => update({ page: p })}
            empty={
              values.search
                ? noMatches({
                    title: 'No pay-later items match this search',
                    description: 'Try another order number, name or e-mail.',
                    onClear: () => update({ search: '' }),
                    clearLabel: 'Clear search',
                  })
                : emptyText[status]
            }
            caption={`Pay-later items: ${status}`}
            columns={columns}
            getRowId={(item) => String(item.id)}
          />
        </div>
      </Stack>
      <ConfirmDialog
        open={confirming !== null}
        title={`Mark order ${confirming?.order_number ?? ''} paid?`}
        description={
          confirming &&
          `Records ${money(confirming.amount)} from ${confirming.customer.name || confirming.customer.email} as received today${
            confirming.overdue ? ` (${days(confirming.days_overdue)} overdue)` : ''
          }. A pending order moves to Paid. This cannot be undone here.`
        }
        confirmLabel="Mark paid"
        pending={markPaid.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}

function Totals({ summary }: { summary: PayLaterSummary }) {
  return (
    <FigureList aria-label="Pay-later totals">
      <FigureCard>
        <span>Outstanding</span>
        <strong>{money(summary.outstanding)}</strong>
        <span>{items(summary.outstanding_count)}</span>
      </FigureCard>
      <FigureCard $tone={summary.overdue_count > 0 ? 'danger' : undefined}>
        <span>Overdue</span>
        <strong>{money(summary.overdue)}</strong>
        <span>{items(summary.overdue_count)}</span>
      </FigureCard>
      <FigureCard>
        <span>Paid</span>
        <strong>{money(summary.paid)}</strong>
        <span>{items(summary.paid_count)}</span>
      </FigureCard>
    </FigureList>
  );
}
