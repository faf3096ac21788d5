import { sql } from 'drizzle-orm';
import type { ReleaseAudit } from '@store/contracts';
import type { Db } from '../../db/client';
import { iso, rows } from './rows';

// Every key use, refused ones included, every action and every automatic rollback is written here.

export async function audit(
  db: Db,
  o: { actor: string; action: string; remote: string; build?: string | null; detail?: string },
): Promise<void> {
  await db.execute(sql`INSERT INTO release_audit (actor, action, remote, build_id, detail)
    VALUES (${o.actor}, ${o.action}, ${o.remote}, ${o.build ?? null}, ${o.detail ?? ''})`);
}

export async function listAudit(db: Db, limit = 100): Promise<ReleaseAudit[]> {
  const list = await rows<ReleaseAudit & { id: unknown }>(
    db,
    sql`SELECT * FROM release_audit ORDER BY id DESC LIMIT ${limit}`,
  );
  return list.map((r) => ({ ...r, id: Number(r.id), at: iso(r.at)! }));
}
