import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ReleaseKey, RemoteName } from '@store/contracts';
import type { Db } from '../../db/client';
import { HttpError, notFound } from '../../lib/errors';
import { audit } from './audit';
import { iso, rows } from './rows';

// Release keys: each publishes one remote; the key is answered once and stored as its sha256.

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
