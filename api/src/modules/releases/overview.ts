import { sql } from 'drizzle-orm';
import { DEFAULT_BUILD, remoteNames, type ReleasesOverview, type RemoteName } from '@store/contracts';
import type { Db } from '../../db/client';
import { listAudit } from './audit';
import { readLive } from './live';
import { releaseOut, type ReleaseRow } from './publishing';
import { hourAgo, stats } from './reports';
import { rows } from './rows';
import type { ReleaseSettings } from './settings';

/** The Releases screen: per remote, the live builds with their share and last hour, and the history. */
export async function overview(db: Db, s: ReleaseSettings): Promise<ReleasesOverview> {
  const live = await readLive(db);
  const all = (await rows<ReleaseRow>(db, sql`SELECT * FROM releases ORDER BY id DESC LIMIT 500`)).map(releaseOut);
  const prev = await rows<{ remote: RemoteName; has_previous: boolean }>(
    db,
    sql`SELECT remote, has_previous FROM release_rollouts`,
  );
  const remotes = [];
  for (const remote of remoteNames) {
    const r = live[remote];
    const canaryShare = r?.canary?.percent ?? 0;
    const stableBuild = r?.stable?.build ?? DEFAULT_BUILD;
    const liveBuilds: ReleasesOverview['remotes'][number]['live'] = [
      {
        role: 'stable',
        build_id: stableBuild,
        release_id: r?.stable?.id ?? null,
        share: 100 - canaryShare,
        stats: await stats(db, remote, stableBuild, hourAgo()),
      },
    ];
    if (r?.canary) {
      liveBuilds.push({
        role: 'canary',
        build_id: r.canary.build,
        release_id: r.canary.id,
        share: canaryShare,
        stats: await stats(db, remote, r.canary.build, hourAgo()),
      });
    }
    remotes.push({
      remote,
      live: liveBuilds,
      can_roll_back: Boolean(r?.canary) || Boolean(prev.find((p) => p.remote === remote)?.has_previous),
      releases: all.filter((x) => x.remote === remote),
    });
  }
  return {
    remotes,
    audit: await listAudit(db),
    rollback_rule: { min_loads: s.rollbackMinLoads, margin: s.rollbackMargin },
  };
}
