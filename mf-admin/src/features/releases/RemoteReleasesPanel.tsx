import { useState } from 'react';
import styled from 'styled-components';
import type { Release, RemoteReleases } from '@store/contracts';
import { getErrorMessage } from '@store/http';
import { Badge, Button, Input, Panel, Table, TableFrame, toast } from '@store/ui';
import { Nowrap, StackedCell } from '../admin-ui/Cells';
import { formatDateTime } from '../admin-ui/format';
import { useReleaseAction, type ReleaseAction } from './api';

const Section = styled(Panel)`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;
const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;
const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;
const Share = styled(Input)`
  width: 5rem;
`;
const Reasons = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space[4]};
  color: ${({ theme }) => theme.colors.danger};
`;

export const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`;
const buildName = (build: string) => (build === 'default' ? 'the store’s own build' : build);

function StatusBadge({ release }: { release: Release }) {
  return release.status === 'ready' ? <Badge $tone="success">Ready</Badge> : <Badge $tone="danger">Refused</Badge>;
}

/** One remote: its live builds with the last hour's figures, its actions, and its release history. */
export function RemoteReleasesPanel({ data }: { data: RemoteReleases }) {
  const act = useReleaseAction();
  const [shares, setShares] = useState<Record<number, string>>({});
  const canary = data.live.find((l) => l.role === 'canary');
  const liveIds = new Set(data.live.map((l) => l.release_id));
  const run = (action: ReleaseAction, done: string) =>
    act.mutate(action, {
      onSuccess: () => toast.success(done),
      onError: (error) => toast.error(getErrorMessage(error)),
    });

  return (
    <Section aria-labelledby={`releases-${data.remote}`}>
      <Head>
        <h2 id={`releases-${data.remote}`}>{data.remote}</h2>
        <Row>
          {canary && (
            <Button
              $variant="primary"
              $size="sm"
              disabled={act.isPending}
              onClick={() =>
                run({ remote: data.remote, action: 'promote' }, `${canary.build_id} promoted to everyone.`)
              }
            >
              Promote {canary.build_id}
            </Button>
          )}
          {data.can_roll_back && (
            <Button
              $size="sm"
              disabled={act.isPending}
              onClick={() => run({ remote: data.remote, action: 'rollback' }, `${data.remote} rolled back.`)}
            >
              Roll back {data.remote}
            </Button>
          )}
        </Row>
      </Head>
      <TableFrame>
        <Table aria-label={`Live builds of ${data.remote}`}>
          <thead>
            <tr>
              <th>Build</th>
              <th>Visitors</th>
              <th>Last hour</th>
            </tr>
          </thead>
          <tbody>
            {data.live.map((l) => (
              <tr key={l.role}>
                <td>
                  <StackedCell>
                    <strong>{buildName(l.build_id)}</strong>
                    <small>{l.role === 'canary' ? 'Canary' : 'Stable'}</small>
                  </StackedCell>
                </td>
                <td>{l.share} %</td>
                <td>
                  <StackedCell>
                    <Nowrap>{percent(l.stats.failure_rate)} failed</Nowrap>
                    <small>
                      {l.stats.failures} of {l.stats.loads} loads
                    </small>
                  </StackedCell>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableFrame>
      <h3>History</h3>
      {data.releases.length === 0 ? (
        <p>No release yet: the store’s own build runs.</p>
      ) : (
        <TableFrame>
          <Table aria-label={`Releases of ${data.remote}`}>
            <thead>
              <tr>
                <th>Build</th>
                <th>Published</th>
                <th>Status</th>
                <th>Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.releases.map((r) => (
                <tr key={r.id}>
                  <td>
                    <StackedCell>
                      <strong>{r.build_id}</strong>
                      <small>
                        {r.version}
                        {r.git_commit && ` · ${r.git_commit.slice(0, 7)}`}
                        {r.notes && ` · ${r.notes}`}
                      </small>
                    </StackedCell>
                  </td>
                  <td>
                    <StackedCell>
                      <Nowrap>{formatDateTime(r.created_at)}</Nowrap>
                      <small>{r.published_by}</small>
                    </StackedCell>
                  </td>
                  <td>
                    <StatusBadge release={r} />
                    {r.reasons.length > 0 && (
                      <Reasons aria-label={`Why ${r.build_id} was refused`}>
                        {r.reasons.map((reason) => (
                          <li key={reason}>{reason}</li>
                        ))}
                      </Reasons>
                    )}
                  </td>
                  <td>
                    {r.status === 'ready' && !liveIds.has(r.id) && (
                      <Row>
                        <Share
                          type="number"
                          min={1}
                          max={100}
                          aria-label={`Share of visitors for ${r.build_id} (%)`}
                          value={shares[r.id] ?? '10'}
                          onChange={(e) => setShares({ ...shares, [r.id]: e.target.value })}
                        />
                        <Button
                          $size="sm"
                          disabled={act.isPending}
                          onClick={() => {
                            const share = Number(shares[r.id] ?? '10');
                            run(
                              { remote: data.remote, action: 'canary', release_id: r.id, percent: share },
                              `${r.build_id} goes to ${share} % of visitors.`,
                            );
                          }}
                        >
                          Start canary of {r.build_id}
                        </Button>
                        <Button
                          $size="sm"
                          $variant="ghost"
                          disabled={act.isPending}
                          onClick={() =>
                            run(
                              { remote: data.remote, action: 'pin', release_id: r.id },
                              `${r.build_id} pinned for everyone.`,
                            )
                          }
                        >
                          Pin {r.build_id}
                        </Button>
                      </Row>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableFrame>
      )}
    </Section>
  );
}
