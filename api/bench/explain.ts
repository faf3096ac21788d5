/**
 * tsx bench/explain.ts <database url> '<query string>' [runs]: runs the catalogue list/search for the
 * query string against a PostgreSQL database and prints EXPLAIN (ANALYZE, BUFFERS) of every statement it
 * sends, the last of `runs` executions (so prepared statements show their cached, generic plans).
 */
import fs from 'node:fs';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { productListQuerySchema } from '@store/contracts';
import { schema, type Db } from '../src/db/client';
import { listProductsJson } from '../src/modules/catalog/service';

const [url, query = '', runsArg = '1'] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: 1, options: '-c jit=off' });
const db: Db = drizzle(pool, { schema });
const q = productListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
const runs = Number(runsArg);
const seen: { text: string; values: unknown[] }[] = [];
const original = pg.Pool.prototype.query;
for (let i = 0; i < runs; i++) {
  seen.length = 0;
  pool.query = function (this: pg.Pool, config: unknown, values?: unknown) {
    const c = typeof config === 'string' ? { text: config, values } : (config as { text: string; values?: unknown[] });
    seen.push({ text: c.text, values: (c.values ?? values ?? []) as unknown[] });
    return (original as (...a: unknown[]) => unknown).call(this, config, values);
  } as never;
  const t = process.hrtime.bigint();
  const out = await listProductsJson(db, q);
  if (i === runs - 1)
    console.log(
      `-- ${Number(process.hrtime.bigint() - t) / 1e6} ms, ${out.length} bytes: ${out.slice(0, 200)}…${out.slice(-200)}`,
    );
}
pool.query = original as never;
if (process.env.DUMP) fs.writeFileSync(process.env.DUMP, seen[0]?.text ?? '');
const client = await pool.connect();
try {
  // Generic plans like the prepared statements get after five runs.
  if (process.env.GENERIC) await client.query('SET plan_cache_mode = force_generic_plan');
  for (const [i, s] of seen.entries()) {
    await client
      .query({ name: `x${i}`, text: s.text, values: s.values })
      .catch((e: Error) => console.log('prepare:', e.message));
    const literal = (v: unknown) =>
      typeof v === 'string'
        ? v
        : Array.isArray(v)
          ? `{${v.map((x) => JSON.stringify(String(x))).join(',')}}`
          : JSON.stringify(v);
    const literals = s.values.map((v) => client.escapeLiteral(literal(v)));
    const plan = await client.query(
      `EXPLAIN (ANALYZE, BUFFERS) EXECUTE x${i}${literals.length ? `(${literals.join(',')})` : ''}`,
    );
    console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
    await client.query(`DEALLOCATE x${i}`);
  }
} finally {
  client.release();
  await pool.end();
}
