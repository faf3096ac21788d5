import { sql } from 'drizzle-orm';
import { DEFAULT_BUILD, remoteNames, type ReleaseReport, type ReleaseStats, type RemoteName } from '@store/contracts';
import type { Db } from '../../db/client';
import { audit } from './audit';
import { readLive } from './live';
import { rows } from './rows';
import type { ReleaseSettings } from './settings';

// The shells' load and failure reports, and the automatic rollback judged on them.

export async function report(db: Db, r: ReleaseReport): Promise<void> {
  await db.execute(
    sql`INSERT INTO release_reports (remote, build_id, kind) VALUES (${r.remote}, ${r.build}, ${r.kind})`,
  );
}

export async function stats(db: Db, remote: RemoteName, build: string, since: Date): Promise<ReleaseStats> {
  const [row] = await rows<{ loads: unknown; failures: unknown }>(
    db,
    sql`SELECT count(*) FILTER (WHERE kind IN ('load', 'load-error')) AS loads,
               count(*) FILTER (WHERE kind IN ('load-error', 'render-error')) AS failures
        FROM release_reports WHERE remote = ${remote} AND build_id = ${build} AND at >= ${since.toISOString()}`,
  );
  const loads = Number(row?.loads ?? 0);
  const failures = Number(row?.failures ?? 0);
  return { build_id: build, loads, failures, failure_rate: loads ? Math.min(1, failures / loads) : 0 };
}

export const hourAgo = () => new Date(Date.now() - 3600_000);

/**
 * The automatic rollback: a canary with at least `rollbackMinLoads` loads since it started whose
 * failure rate is `rollbackMargin` or more above the stable build's (last hour) is ended, with its
 * reason in the audit log. Answers the remotes rolled back.
 */
export async function judgeCanaries(db: Db, s: ReleaseSettings, only?: RemoteName): Promise<RemoteName[]> {
  const live = await readLive(db);
  const rolledBack: RemoteName[] = [];
  for (const remote of only ? [only] : remoteNames) {
    const r = live[remote];
    if (!r?.canary) continue;
    const canary = await stats(db, remote, r.canary.build, new Date(r.canary.startedAt));
    if (canary.loads < s.rollbackMinLoads) continue;
    const stable = await stats(db, remote, r.stable?.build ?? DEFAULT_BUILD, hourAgo());
    if (canary.failure_rate < stable.failure_rate + s.rollbackMargin) continue;
    const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
    const reason =
      `canary failed ${canary.failures} of ${canary.loads} loads (${pct(canary.failure_rate)}), ` +
      `stable ${pct(stable.failure_rate)}: above the ${pct(s.rollbackMargin)} margin`;
    // Only the canary that was judged: another process or an admin may have changed it meanwhile.
    const [done] = await rows<{ remote: string }>(
      db,
      sql`UPDATE release_rollouts SET canary_id = NULL, canary_percent = 0, canary_started_at = NULL, updated_at = now()
          WHERE remote = ${remote} AND canary_id = ${r.canary.id} RETURNING remote`,
    );
    if (!done) continue;
    await audit(db, {
      actor: 'automatic rollback',
      action: 'rolled-back',
      remote,
      build: r.canary.build,
      detail: reason,
    });
    rolledBack.push(remote);
  }
  return rolledBack;
}
