import { useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import styled from 'styled-components';
import type { SupportMessage } from '@store/contracts';
import { getErrorMessage } from '@store/http';
import { Badge, Button, Dialog, toast } from '@store/ui';
import { Nowrap, StackedCell } from '../admin-ui/Cells';
import { FilterSelect } from '../admin-ui/FilterSelect';
import { formatDateTime } from '../admin-ui/format';
import { Facts, PageHeader, Toolbar } from '../admin-ui/Page';
import { PagedTable } from '../admin-ui/PagedTable';
import { useListParams } from '../admin-ui/useListParams';
import { useSetMessageStatus, useSupportMessages, type MessageStatus } from './api';

const PAGE_SIZE = 20;

const Body = styled.p`
  margin: ${({ theme }) => `${theme.space[4]} 0`};
  padding: ${({ theme }) => theme.space[3]};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radii.md};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;
const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]};
`;

const Filters = styled(Toolbar)`
  > * {
    flex: 0 1 16rem;
  }
`;

/** `?status=open|answered` as the API's status; anything else shows every message. */
export function toMessageStatus(value: string): MessageStatus | undefined {
  return value === 'open' ? 'OPEN' : value === 'answered' ? 'ANSWERED' : undefined;
}

/** What the message is about: its subject, or its type of inquiry when it has none. */
export const topic = (m: SupportMessage) => m.subject || m.inquiry_type;

/** A reply in the admin's own mail program, to the sender, about the same topic. */
export function replyLink(m: SupportMessage) {
  return `mailto:${m.email}?subject=${encodeURIComponent(`Re: ${topic(m)}`)}`;
}

const sender = (m: SupportMessage) => m.customer?.name || 'Visitor';

function MessageStatusBadge({ status }: { status: MessageStatus }) {
  return status === 'OPEN' ? <Badge $tone="sale">Open</Badge> : <Badge $tone="success">Answered</Badge>;
}

export function SupportPage() {
  const { values, page, update } = useListParams(['status'] as const);
  const status = toMessageStatus(values.status);
  const list = useSupportMessages({ ...(status ? { status } : {}), page, page_size: PAGE_SIZE });
  const [reading, setReading] = useState<SupportMessage | null>(null);

  const columns: ColumnDef<SupportMessage, unknown>[] = [
    {
      id: 'from',
      header: 'From',
      cell: ({ row: { original: m } }) => (
        <StackedCell>
          <strong>{sender(m)}</strong>
          <small>{m.email}</small>
        </StackedCell>
      ),
    },
    {
      id: 'subject',
      header: 'Subject',
      cell: ({ row: { original: m } }) => (
        <StackedCell>
          <span>{topic(m)}</span>
          <small>{m.inquiry_type}</small>
        </StackedCell>
      ),
    },
    { id: 'date', header: 'Received', cell: ({ row }) => <Nowrap>{formatDateTime(row.original.created_at)}</Nowrap> },
    { id: 'status', header: 'Status', cell: ({ row }) => <MessageStatusBadge status={row.original.status} /> },
    {
      id: 'actions',
      header: 'Actions',
      cell: ({ row: { original: m } }) => (
        <Button $size="sm" onClick={() => setReading(m)} aria-label={`Read message: ${topic(m)}`}>
          Read
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader title="Support" description="Messages shoppers and visitors sent through Contact Us." />
      <Filters aria-label="Filter messages" onSubmit={(e) => e.preventDefault()}>
        <FilterSelect
          id="support-status"
          label="Show"
          value={status ? values.status : ''}
          onChange={(value) => update({ status: value })}
          options={[
            ['', 'All messages'],
            ['open', 'Open'],
            ['answered', 'Answered'],
          ]}
        />
      </Filters>
      <PagedTable
        query={list}
        what="messages"
        onPage={(p) => update({ page: p })}
        empty={
          status === 'OPEN'
            ? { title: 'No open messages', description: 'Every message has been answered.' }
            : status === 'ANSWERED'
              ? { title: 'No answered messages yet', description: 'Messages marked answered show here.' }
              : { title: 'No messages yet', description: 'Messages sent through Contact Us show here.' }
        }
        caption="Support messages"
        columns={columns}
        getRowId={(m) => String(m.id)}
      />
      <MessageDialog message={reading} onChange={setReading} onClose={() => setReading(null)} />
    </>
  );
}

/** One message in full, with a reply link and the answered / open switch. */
function MessageDialog({
  message,
  onChange,
  onClose,
}: {
  message: SupportMessage | null;
  onChange: (m: SupportMessage) => void;
  onClose: () => void;
}) {
  const setStatus = useSetMessageStatus();
  const toggle = async (m: SupportMessage) => {
    const next = m.status === 'OPEN' ? 'ANSWERED' : 'OPEN';
    try {
      onChange(await setStatus.mutateAsync({ id: m.id, status: next }));
      toast.success(next === 'ANSWERED' ? 'Message marked answered.' : 'Message reopened.');
    } catch (error) {
      toast.error(getErrorMessage(error, 'The message could not be changed. Please try again.'));
    }
  };
  return (
    <Dialog open={message !== null} onClose={onClose} title={message ? topic(message) : ''} width="36rem">
      {message && (
        <>
          <Facts>
            <dt>From</dt>
            <dd>{message.customer ? `${message.customer.name} (customer)` : 'Visitor'}</dd>
            <dt>E-mail</dt>
            <dd>{message.email}</dd>
            <dt>Type</dt>
            <dd>{message.inquiry_type}</dd>
            <dt>Received</dt>
            <dd>{formatDateTime(message.created_at)}</dd>
            <dt>Status</dt>
            <dd>
              <MessageStatusBadge status={message.status} />
            </dd>
          </Facts>
          <Body>{message.message}</Body>
          <Buttons>
            <Button onClick={() => void toggle(message)} disabled={setStatus.isPending}>
              {message.status === 'OPEN' ? 'Mark answered' : 'Reopen'}
            </Button>
            <Button as="a" href={replyLink(message)} $variant="primary">
              Reply by e-mail
            </Button>
          </Buttons>
        </>
      )}
    </Dialog>
  );
}
