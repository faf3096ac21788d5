import { sql } from 'drizzle-orm';
import { DEFAULT_BUILD, type RemoteName } from '@store/contracts';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import { audit } from './audit';
import { rows } from './rows';

// The admin's rollout actions on one remote: canary, promote, roll back, pin (each audited).

async function readyRelease(db: Db, remote: RemoteName, id: number) {
  const [row] = await rows<{ id: number; build_id: string; status: string }>(
    db,
    sql`SELECT id, build_id, status FROM releases WHERE id = ${id} AND remote = ${remote}`,
  );
  if (!row) throw notFound(`No such ${remote} release.`);
  if (row.status !== 'ready') throw conflict(`${remote} build ${row.build_id} was refused by the gate.`);
  return row;
}

async function ensureRollout(db: Db, remote: RemoteName) {
  await db.execute(sql`INSERT INTO release_rollouts (remote) VALUES (${remote}) ON CONFLICT DO NOTHING`);
}

export async function startCanary(
  db: Db,
  remote: RemoteName,
  o: { releaseId: number; percent: number; actor: string },
) {
  const release = await readyRelease(db, remote, o.releaseId);
  await ensureRollout(db, remote);
  const [row] = await rows<{ remote: string }>(
    db,
    sql`UPDATE release_rollouts SET canary_id = ${release.id}, canary_percent = ${o.percent},
          canary_started_at = CASE WHEN canary_id = ${release.id} THEN canary_started_at ELSE now() END, updated_at = now()
        WHERE remote = ${remote} AND stable_id IS DISTINCT FROM ${release.id} RETURNING remote`,
  );
  if (!row) throw conflict(`${remote} build ${release.build_id} is already the stable build.`);
  await audit(db, {
    actor: o.actor,
    action: 'canary',
    remote,
    build: release.build_id,
    detail: `${o.percent} % of visitors`,
  });
}

export async function promote(db: Db, remote: RemoteName, actor: string) {
  const [row] = await rows<{ build_id: string }>(
    db,
    sql`UPDATE release_rollouts o SET previous_stable_id = o.stable_id, has_previous = true, stable_id = o.canary_id,
          canary_id = NULL, canary_percent = 0, canary_started_at = NULL, updated_at = now()
        FROM releases r WHERE o.remote = ${remote} AND o.canary_id = r.id RETURNING r.build_id`,
  );
  if (!row) throw conflict(`${remote} has no canary to promote.`);
  await audit(db, { actor, action: 'promoted', remote, build: row.build_id, detail: 'to every visitor' });
}

/** Ends the canary if there is one; otherwise goes back to the previous stable build. */
export async function rollBack(db: Db, remote: RemoteName, actor: string, reason = ''): Promise<void> {
  const [canary] = await rows<{ build_id: string }>(
    db,
    sql`UPDATE release_rollouts o SET canary_id = NULL, canary_percent = 0, canary_started_at = NULL, updated_at = now()
        FROM releases r WHERE o.remote = ${remote} AND o.canary_id = r.id RETURNING r.build_id`,
  );
  if (canary) {
    await audit(db, { actor, action: 'rolled-back', remote, build: canary.build_id, detail: reason || 'canary ended' });
    return;
  }
  const [back] = await rows<{ build_id: string | null }>(
    db,
    sql`UPDATE release_rollouts o SET stable_id = o.previous_stable_id, previous_stable_id = NULL, has_previous = false,
          updated_at = now()
        WHERE o.remote = ${remote} AND o.has_previous
        RETURNING (SELECT build_id FROM releases WHERE id = o.stable_id) AS build_id`,
  );
  if (!back) throw conflict(`${remote} has no earlier stable build to roll back to.`);
  await audit(db, {
    actor,
    action: 'rolled-back',
    remote,
    build: back.build_id ?? DEFAULT_BUILD,
    detail: reason || 'to the previous stable build',
  });
}

/** Makes one build (null: the store's own) the stable build for everyone, ending any canary. */
export async function pin(db: Db, remote: RemoteName, o: { releaseId: number | null; actor: string }) {
  const release = o.releaseId === null ? null : await readyRelease(db, remote, o.releaseId);
  await ensureRollout(db, remote);
  await db.execute(sql`UPDATE release_rollouts SET previous_stable_id = stable_id, has_previous = true,
      stable_id = ${release?.id ?? null}, canary_id = NULL, canary_percent = 0, canary_started_at = NULL, updated_at = now()
    WHERE remote = ${remote}`);
  await audit(db, {
    actor: o.actor,
    action: 'pinned',
    remote,
    build: release?.build_id ?? DEFAULT_BUILD,
    detail: 'for every visitor',
  });
}
