import styled from 'styled-components';
import { Panel, Table, TableFrame } from '@store/ui';
import { Nowrap } from '../admin-ui/Cells';
import { formatDateTime } from '../admin-ui/format';
import { PageHeader } from '../admin-ui/Page';
import { ListState } from '../admin-ui/ListState';
import { useReleasesOverview } from './api';
import { ReleaseKeysPanel } from './ReleaseKeysPanel';
import { percent, RemoteReleasesPanel } from './RemoteReleasesPanel';

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[6]};
`;
const Audit = styled(Panel)`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  h2 {
    margin: 0;
  }
`;

/**
 * /admin/releases: what each remote runs (stable and canary, with the share of visitors and the last
 * hour's loads and failures), the actions on it, its history with the gate's reasons, release keys,
 * and who did what.
 */
export function ReleasesPage() {
  const overview = useReleasesOverview();
  const rule = overview.data?.rollback_rule;
  return (
    <>
      <PageHeader
        title="Releases"
        description={
          rule
            ? `Builds the remote teams publish with pnpm release. A canary is rolled back by itself from ${rule.min_loads} loads on when its failure rate is ${percent(rule.margin)} or more above the stable build's.`
            : 'Builds the remote teams publish with pnpm release.'
        }
      />
      <Stack>
        <ListState
          isPending={overview.isPending}
          error={overview.error}
          isEmpty={false}
          what="releases"
          empty={{ title: 'No remotes' }}
          onRetry={() => void overview.refetch()}
        >
          {overview.data?.remotes.map((r) => (
            <RemoteReleasesPanel key={r.remote} data={r} />
          ))}
        </ListState>
        <ReleaseKeysPanel />
        {overview.data && (
          <Audit aria-labelledby="release-audit">
            <h2 id="release-audit">Who did what</h2>
            <TableFrame>
              <Table aria-label="Release log">
                <thead>
                  <tr>
                    <th>When</th>
                    <th>Who</th>
                    <th>What</th>
                    <th>Detail</th>
                  </tr>
                </thead>
                <tbody>
                  {overview.data.audit.map((a) => (
                    <tr key={a.id}>
                      <td>
                        <Nowrap>{formatDateTime(a.at)}</Nowrap>
                      </td>
                      <td>{a.actor}</td>
                      <td>
                        <Nowrap>
                          {a.action} {a.remote}
                          {a.build_id ? ` ${a.build_id}` : ''}
                        </Nowrap>
                      </td>
                      <td>{a.detail}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableFrame>
          </Audit>
        )}
      </Stack>
    </>
  );
}
