import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { rowsOf, schema, type ExecRows } from './client';
import { describeEachDatabase } from '../test/fixture';

/** The Drizzle schema (db/schema.ts and the modules' schema.ts) names every table the migrations make, column by column. */
describeEachDatabase('the Drizzle schema', (get) => {
  it('has every table and column of the migrated database, and nothing else', async () => {
    const rows = rowsOf(
      (await get().app.db.execute(sql`
        SELECT c.table_name AS table, c.column_name AS column FROM information_schema.columns c
        JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'`)) as unknown as ExecRows<{
        table: string;
        column: string;
      }>,
    );
    const inDatabase = rows.map((r) => `${r.table}.${r.column}`).sort();
    const inSchema = (Object.values(schema) as unknown[])
      .filter((value): value is PgTable => value instanceof PgTable)
      .flatMap((table) =>
        Object.values(getTableColumns(table)).map((column) => `${getTableName(table)}.${column.name}`),
      )
      .sort();
    expect(inSchema).toEqual(inDatabase);
    expect(new Set(rows.map((r) => r.table)).size).toBeGreaterThan(25);
  });
});
