import path from 'node:path';
import { sql } from 'drizzle-orm';
import { DEFAULT_BUILD, type Release, type RemoteName } from '@store/contracts';
import type { Db } from '../../db/client';
import { conflict } from '../../lib/errors';
import { audit } from './audit';
import { checkBuild } from './gate';
import { iso, json, rows } from './rows';
import type { ReleaseSettings } from './settings';

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

export interface ReleaseRow extends Omit<Release, 'created_at' | 'shared' | 'exposes' | 'reasons'> {
  created_at: unknown;
  shared: unknown;
  exposes: unknown;
  reasons: unknown;
}
export const releaseOut = (r: ReleaseRow): Release => ({
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
