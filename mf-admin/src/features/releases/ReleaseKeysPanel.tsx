import { useState } from 'react';
import styled from 'styled-components';
import type { RemoteName } from '@store/contracts';
import { remoteNames } from '@store/contracts/federation';
import { getErrorMessage } from '@store/http';
import { Badge, Banner, Button, FormField, Input, Panel, Select, Table, TableFrame, toast } from '@store/ui';
import { Nowrap } from '../admin-ui/Cells';
import { formatDateTime } from '../admin-ui/format';
import { Toolbar } from '../admin-ui/Page';
import { useCreateReleaseKey, useReleaseKeys, useRevokeReleaseKey } from './api';

const Section = styled(Panel)`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  h2 {
    margin: 0;
  }
  code {
    overflow-wrap: anywhere;
  }
`;

/** Release keys: one remote each, shown once when created, revocable. */
export function ReleaseKeysPanel() {
  const keys = useReleaseKeys();
  const create = useCreateReleaseKey();
  const revoke = useRevokeReleaseKey();
  const [remote, setRemote] = useState<RemoteName>('catalog');
  const [label, setLabel] = useState('');
  const [shown, setShown] = useState<{ key: string; remote: string } | null>(null);

  return (
    <Section aria-labelledby="release-keys">
      <h2 id="release-keys">Release keys</h2>
      <Toolbar
        aria-label="New release key"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(
            { remote, label },
            {
              onSuccess: (made) => {
                setShown({ key: made.key, remote: made.remote });
                setLabel('');
              },
              onError: (error) => toast.error(getErrorMessage(error)),
            },
          );
        }}
      >
        <FormField label="Remote" htmlFor="release-key-remote">
          <Select id="release-key-remote" value={remote} onChange={(e) => setRemote(e.target.value as RemoteName)}>
            {remoteNames.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </Select>
        </FormField>
        <FormField label="Team or purpose" htmlFor="release-key-label">
          <Input id="release-key-label" value={label} required onChange={(e) => setLabel(e.target.value)} />
        </FormField>
        <Button type="submit" $variant="primary" disabled={create.isPending}>
          Create key
        </Button>
      </Toolbar>
      {shown && (
        <Banner tone="success">
          New {shown.remote} key, shown this once (only its hash is kept): <code>{shown.key}</code>
        </Banner>
      )}
      <TableFrame>
        <Table aria-label="Release keys">
          <thead>
            <tr>
              <th>Remote</th>
              <th>Key</th>
              <th>Created</th>
              <th>Last used</th>
              <th>Status</th>
            </tr>
          </thead>
          <tbody>
            {(keys.data ?? []).map((k) => (
              <tr key={k.id}>
                <td>{k.remote}</td>
                <td>
                  {k.label} <small>({k.key_prefix}…)</small>
                </td>
                <td>
                  <Nowrap>{formatDateTime(k.created_at)}</Nowrap>
                </td>
                <td>
                  <Nowrap>{k.last_used_at ? formatDateTime(k.last_used_at) : 'never'}</Nowrap>
                </td>
                <td>
                  {k.revoked_at ? (
                    <Badge $tone="danger">Revoked</Badge>
                  ) : (
                    <Button
                      $size="sm"
                      disabled={revoke.isPending}
                      onClick={() =>
                        revoke.mutate(k.id, {
                          onSuccess: () => toast.success(`Key ${k.label} revoked.`),
                          onError: (error) => toast.error(getErrorMessage(error)),
                        })
                      }
                    >
                      Revoke {k.label}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableFrame>
    </Section>
  );
}
