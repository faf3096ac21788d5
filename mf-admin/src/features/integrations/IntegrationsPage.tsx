import { useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { IntegrationKey } from '@store/contracts';
import { getErrorMessage } from '@store/http';
import { Badge, Banner, Button, EmptyState, toast } from '@store/ui';
import { Nowrap, StackedCell } from '../admin-ui/Cells';
import { ConfirmDialog } from '../admin-ui/ConfirmDialog';
import { DataTable } from '../admin-ui/DataTable';
import { formatDate, money } from '../admin-ui/format';
import { PageHeader, Stack } from '../admin-ui/Page';
import { useIntegrationKeys, useRevokeIntegrationKey } from './api';
import { NewKeyDialog, KeyText } from './IntegrationKeyForm';

const statusTone = { active: 'success', expired: 'danger', revoked: 'danger' } as const;

/** /admin/integrations: integrator keys for the embed, with what each brought in. */
export function IntegrationsPage() {
  const list = useIntegrationKeys();
  const revoke = useRevokeIntegrationKey();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<IntegrationKey | null>(null);
  const [revoking, setRevoking] = useState<IntegrationKey | null>(null);

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      toast.success(`Key ${revoking.name} revoked: its pages stop showing products within a minute.`);
      setRevoking(null);
    } catch (error) {
      toast.error(getErrorMessage(error, 'The key could not be revoked. Please try again.'));
    }
  };

  const columns: ColumnDef<IntegrationKey, unknown>[] = [
    {
      id: 'name',
      header: 'Key',
      cell: ({ row: { original: k } }) => (
        <StackedCell>
          <span>{k.name}</span>
          <small>
            <KeyText>{k.key}</KeyText>
          </small>
        </StackedCell>
      ),
    },
    {
      id: 'origins',
      header: 'Allowed origins',
      cell: ({ row: { original: k } }) => (
        <StackedCell>
          {k.allowed_origins.map((o) => (
            <span key={o}>{o}</span>
          ))}
          {k.category && <small>Category: {k.category}</small>}
        </StackedCell>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row: { original: k } }) => (
        <StackedCell>
          <Nowrap>
            {k.status === 'active' ? (
              'Active'
            ) : (
              <Badge $tone={statusTone[k.status]}>{k.status === 'revoked' ? 'Revoked' : 'Expired'}</Badge>
            )}
          </Nowrap>
          {k.expires_at && k.status === 'active' && <small>Until {formatDate(k.expires_at)}</small>}
        </StackedCell>
      ),
    },
    { id: 'views', header: 'Views', cell: ({ row }) => row.original.stats.views },
    { id: 'add_to_carts', header: 'Add-to-carts', cell: ({ row }) => row.original.stats.add_to_carts },
    { id: 'orders', header: 'Orders', cell: ({ row }) => row.original.stats.orders },
    { id: 'revenue', header: 'Revenue', cell: ({ row }) => <Nowrap>{money(row.original.stats.revenue)}</Nowrap> },
    {
      id: 'actions',
      header: 'Actions',
      cell: ({ row: { original: k } }) =>
        k.status === 'revoked' ? null : (
          <Button $size="sm" onClick={() => setRevoking(k)} aria-label={`Revoke ${k.name}`}>
            Revoke
          </Button>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Integrations"
        description="Keys that let other sites show the store's products with embed.js, and what each brought in."
        actions={
          <Button $variant="primary" onClick={() => setCreating(true)}>
            New key
          </Button>
        }
      />
      <Stack>
        {created && (
          <Banner tone="success">
            Key {created.name} created. Copy it now, it is shown only once: <KeyText>{created.key}</KeyText>
          </Banner>
        )}
        {list.isError ? (
          <EmptyState title="Keys are unavailable right now" description={getErrorMessage(list.error)} />
        ) : list.data && list.data.data.length === 0 ? (
          <EmptyState title="No integrator keys yet" description="Create one for each site that embeds the store." />
        ) : (
          <DataTable
            caption="Integrator keys"
            data={list.data?.data ?? []}
            columns={columns}
            getRowId={(k) => String(k.id)}
          />
        )}
      </Stack>
      <NewKeyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(k) => {
          setCreating(false);
          setCreated(k);
        }}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke ${revoking?.name ?? ''}?`}
        description="Pages using this key stop showing products within a minute. This cannot be undone."
        confirmLabel="Revoke"
        tone="danger"
        pending={revoke.isPending}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setRevoking(null)}
      />
    </>
  );
}
