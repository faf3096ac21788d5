import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type ExecRows } from '../../db/client';

// What the releases' raw SQL needs: typed rows, timestamps as ISO strings, jsonb columns as values.

export const rows = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  rowsOf<T>((await db.execute(query)) as ExecRows<T>);
export const iso = (v: unknown) =>
  v instanceof Date ? v.toISOString() : v == null ? null : new Date(String(v)).toISOString();
export const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
