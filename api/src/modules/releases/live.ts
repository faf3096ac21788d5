import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { remoteNames, type RemoteName } from '@store/contracts';
import type { Db } from '../../db/client';
import { iso, rows } from './rows';

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

export async function readLive(db: Db): Promise<LiveConfig> {
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
 * It needs only the builds' folder (`dir`), so it takes no import from settings.ts, which calls it.
 */
export function lastGoodConfig(s: { dir: string }, freshMs = LIVE_FRESH_MS) {
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
