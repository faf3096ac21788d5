import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import {
  DEFAULT_BUILD,
  remoteNames,
  type Release,
  type ReleaseAudit,
  type ReleaseKey,
  type ReleaseReport,
  type ReleasesOverview,
  type ReleaseStats,
  type RemoteName,
} from '@store/contracts';
import { rowsOf, type Db, type ExecRows } from '../../db/client';
import { conflict, HttpError, notFound } from '../../lib/errors';
import { checkBuild } from './gate';

/** Where a remote's builds live, and the rule that rolls a failing canary back. */
export interface ReleaseSettings {
  dir: string;
  publicUrl: string;
  shellManifest: string;
  rollbackMinLoads: number;
  /** Failure-rate points (0..1) above stable at which a canary is rolled back. */
  rollbackMargin: number;
}

const rows = async <T>(db: Db, query: ReturnType<typeof sql>) => rowsOf<T>((await db.execute(query)) as ExecRows<T>);
const iso = (v: unknown) =>
  v instanceof Date ? v.toISOString() : v == null ? null : new Date(String(v)).toISOString();

// ---------------------------------------------------------------- keys

export const hashKey = (key: string) => crypto.createHash('sha256').update(key).digest('hex');

interface KeyRow {
  id: number;
  remote: RemoteName;
  label: string;
  key_prefix: string;
  created_by: string;
  created_at: unknown;
  revoked_at: unknown;
  last_used_at: unknown;
}
const keyOut = (r: KeyRow): ReleaseKey => ({
  ...r,
  created_at: iso(r.created_at)!,
  revoked_at: iso(r.revoked_at),
  last_used_at: iso(r.last_used_at),
});

export async function createKey(db: Db, o: { remote: RemoteName; label: string; actor: string }) {
  const key = `rk_${o.remote}_${crypto.randomBytes(24).toString('base64url')}`;
  const [row] = await rows<KeyRow>(
    db,
    sql`INSERT INTO release_keys (remote, label, key_hash, key_prefix, created_by)
        VALUES (${o.remote}, ${o.label}, ${hashKey(key)}, ${key.slice(0, 14)}, ${o.actor}) RETURNING *`,
  );
  await audit(db, {
    actor: o.actor,
    action: 'key-created',
    remote: o.remote,
    detail: `${o.label} (${row!.key_prefix}…)`,
  });
  return { ...keyOut(row!), key };
}

export async function listKeys(db: Db): Promise<ReleaseKey[]> {
  return (await rows<KeyRow>(db, sql`SELECT * FROM release_keys ORDER BY id DESC`)).map(keyOut);
}

export async function revokeKey(db: Db, id: number, actor: string): Promise<ReleaseKey> {
  const [row] = await rows<KeyRow>(
    db,
    sql`UPDATE release_keys SET revoked_at = coalesce(revoked_at, now()) WHERE id = ${id} RETURNING *`,
  );
  if (!row) throw notFound('No such release key.');
  await audit(db, { actor, action: 'key-revoked', remote: row.remote, detail: `${row.label} (${row.key_prefix}…)` });
  return keyOut(row);
}

/** The key's owner for `remote`; every use, refused ones included, goes to the audit log. */
export async function useKey(db: Db, key: string | undefined, remote: RemoteName, use: string): Promise<string> {
  const [row] = key ? await rows<KeyRow>(db, sql`SELECT * FROM release_keys WHERE key_hash = ${hashKey(key)}`) : [];
  if (!row || row.revoked_at) {
    if (row) await audit(db, { actor: `key ${row.label}`, action: 'key-refused', remote, detail: `${use}: revoked` });
    throw new HttpError(401, { detail: row ? 'This release key was revoked.' : 'A valid release key is required.' });
  }
  const actor = `key ${row.label} (${row.key_prefix}…)`;
  if (row.remote !== remote) {
    await audit(db, { actor, action: 'key-refused', remote, detail: `${use}: a ${row.remote} key` });
    throw new HttpError(403, { detail: `This key publishes ${row.remote}, not ${remote}.` });
  }
  await db.execute(sql`UPDATE release_keys SET last_used_at = now() WHERE id = ${row.id}`);
  await audit(db, { actor, action: 'key-used', remote, detail: use });
  return actor;
}

// ---------------------------------------------------------------- audit

export async function audit(
  db: Db,
  o: { actor: string; action: string; remote: string; build?: string | null; detail?: string },
): Promise<void> {
  await db.execute(sql`INSERT INTO release_audit (actor, action, remote, build_id, detail)
    VALUES (${o.actor}, ${o.action}, ${o.remote}, ${o.build ?? null}, ${o.detail ?? ''})`);
}

async function listAudit(db: Db, limit = 100): Promise<ReleaseAudit[]> {
  const list = await rows<ReleaseAudit & { id: unknown }>(
    db,
    sql`SELECT * FROM release_audit ORDER BY id DESC LIMIT ${limit}`,
  );
  return list.map((r) => ({ ...r, id: Number(r.id), at: iso(r.at)! }));
}

// ---------------------------------------------------------------- builds and releases

/** /builds/<remote>/<build>/: a build's files, written once. */
export const buildDir = (s: ReleaseSettings, remote: RemoteName, build: string) => path.join(s.dir, remote, build);

async function releaseRow(db: Db, remote: RemoteName, build: string) {
  const [row] = await rows<{ id: number }>(
    db,
    sql`SELECT id FROM releases WHERE remote = ${remote} AND build_id = ${build}`,
  );
  return row;
}

export const isReleased = async (db: Db, remote: RemoteName, build: string) =>
  Boolean(await releaseRow(db, remote, build));

interface ReleaseRow extends Omit<Release, 'created_at' | 'shared' | 'exposes' | 'reasons'> {
  created_at: unknown;
  shared: unknown;
  exposes: unknown;
  reasons: unknown;
}
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
const releaseOut = (r: ReleaseRow): Release => ({
  ...r,
  shared: json(r.shared),
  exposes: json(r.exposes),
  reasons: json(r.reasons),
  created_at: iso(r.created_at)!,
});

/** Registers an uploaded build: the gate decides whether it is `ready` or `refused` (with its reasons). */
export async function publish(
  db: Db,
  s: ReleaseSettings,
  o: { remote: RemoteName; build: string; notes: string; gitCommit: string; actor: string },
): Promise<Release> {
  if (o.build === DEFAULT_BUILD) throw conflict(`"${DEFAULT_BUILD}" names the store's own build.`);
  if (await releaseRow(db, o.remote, o.build)) throw conflict(`${o.remote} build ${o.build} is already released.`);
  const gate = checkBuild({
    remote: o.remote,
    buildDir: buildDir(s, o.remote, o.build),
    shellManifest: s.shellManifest,
  });
  const status = gate.reasons.length ? 'refused' : 'ready';
  const entry = `${s.publicUrl}/builds/${o.remote}/${o.build}/mf-manifest.json`;
  const [row] = await rows<ReleaseRow>(
    db,
    sql`INSERT INTO releases (remote, build_id, version, git_commit, entry, shared, exposes, notes, published_by, status, reasons)
        VALUES (${o.remote}, ${o.build}, ${gate.version}, ${o.gitCommit}, ${entry}, ${JSON.stringify(gate.shared)}::jsonb,
                ${JSON.stringify(gate.exposes)}::jsonb, ${o.notes}, ${o.actor}, ${status}, ${JSON.stringify(gate.reasons)}::jsonb)
        ON CONFLICT (remote, build_id) DO NOTHING RETURNING *`,
  );
  if (!row) throw conflict(`${o.remote} build ${o.build} is already released.`);
  await audit(db, {
    actor: o.actor,
    action: status === 'ready' ? 'published' : 'refused',
    remote: o.remote,
    build: o.build,
    detail: status === 'ready' ? o.notes : gate.reasons.join('; '),
  });
  return releaseOut(row);
}

// ---------------------------------------------------------------- rollouts

interface RolloutRow {
  remote: RemoteName;
  stable_id: number | null;
  previous_stable_id: number | null;
  has_previous: boolean;
  canary_id: number | null;
  canary_percent: number;
  canary_started_at: unknown;
  stable_build: string | null;
  stable_entry: string | null;
  canary_build: string | null;
  canary_entry: string | null;
}

/** What every remote runs: its stable build (null: the store's own) and its canary, if any. */
export interface LiveRemote {
  stable: { id: number; build: string; entry: string } | null;
  canary: { id: number; build: string; entry: string; percent: number; startedAt: string } | null;
}
export type LiveConfig = Partial<Record<RemoteName, LiveRemote>>;

async function readLive(db: Db): Promise<LiveConfig> {
  const list = await rows<RolloutRow>(
    db,
    sql`SELECT o.*, s.build_id AS stable_build, s.entry AS stable_entry, c.build_id AS canary_build, c.entry AS canary_entry
        FROM release_rollouts o
        LEFT JOIN releases s ON s.id = o.stable_id
        LEFT JOIN releases c ON c.id = o.canary_id`,
  );
  const live: LiveConfig = {};
  for (const r of list) {
    live[r.remote] = {
      stable: r.stable_id ? { id: r.stable_id, build: r.stable_build!, entry: r.stable_entry! } : null,
      canary: r.canary_id
        ? {
            id: r.canary_id,
            build: r.canary_build!,
            entry: r.canary_entry!,
            percent: r.canary_percent,
            startedAt: iso(r.canary_started_at)!,
          }
        : null,
    };
  }
  return live;
}

/**
 * How long one process answers remotes.json from what it read (one query per second, not per page);
 * another process's change is seen within this time, this process's own at once (forget).
 */
const LIVE_FRESH_MS = 1000;

/**
 * The last configuration read from the database, in memory and in a file beside the builds: the
 * storefront keeps being answered when the database cannot be read (issue 28.7), even after a restart.
 */
export function lastGoodConfig(s: ReleaseSettings, freshMs = LIVE_FRESH_MS) {
  const file = path.join(s.dir, 'live.json');
  let memory: LiveConfig | null = null;
  let readAt = 0;
  return {
    /** After a change made by this process: the next read goes to the database. */
    forget() {
      readAt = 0;
    },
    async read(db: Db): Promise<LiveConfig> {
      if (memory && performance.now() - readAt < freshMs) return memory;
      try {
        const live = await readLive(db);
        const text = JSON.stringify(live);
        if (text !== JSON.stringify(memory)) {
          fs.mkdirSync(s.dir, { recursive: true });
          fs.writeFileSync(`${file}.tmp`, text);
          fs.renameSync(`${file}.tmp`, file);
        }
        memory = live;
        readAt = performance.now();
        return live;
      } catch (error) {
        if (memory) return memory;
        try {
          return (memory = JSON.parse(fs.readFileSync(file, 'utf8')) as LiveConfig);
        } catch {
          throw error;
        }
      }
    },
  };
}

/** A visitor's place in 0..99 for one canary: the same visitor, the same place, on every request. */
export function bucketOf(visitor: string, remote: RemoteName, canaryId: number): number {
  return crypto.createHash('sha256').update(`${visitor}:${remote}:${canaryId}`).digest().readUInt32BE(0) % 100;
}

/** `/remotes.json` for one visitor: only the remotes a release moved off the store's own build. */
export function configFor(
  live: LiveConfig,
  visitor: string,
): Partial<Record<RemoteName, { entry: string; build: string }>> {
  const config: Partial<Record<RemoteName, { entry: string; build: string }>> = {};
  for (const remote of remoteNames) {
    const r = live[remote];
    if (!r) continue;
    const pick = r.canary && bucketOf(visitor, remote, r.canary.id) < r.canary.percent ? r.canary : r.stable;
    if (pick) config[remote] = { entry: pick.entry, build: pick.build };
  }
  return config;
}

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

// ---------------------------------------------------------------- watch

export async function report(db: Db, r: ReleaseReport): Promise<void> {
  await db.execute(
    sql`INSERT INTO release_reports (remote, build_id, kind) VALUES (${r.remote}, ${r.build}, ${r.kind})`,
  );
}

async function stats(db: Db, remote: RemoteName, build: string, since: Date): Promise<ReleaseStats> {
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

const hourAgo = () => new Date(Date.now() - 3600_000);

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
