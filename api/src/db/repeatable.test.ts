import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type ExecRows } from './client';
import { applyRepeatable, repeatableFiles, scriptRunner, type RepeatableFile, type ScriptRunner } from './repeatable';
import { describeEachDatabase } from '../test/fixture';

const file = (text: string, name = 'R__probe.sql'): RepeatableFile => ({
  name,
  text,
  checksum: crypto.createHash('sha256').update(text).digest('hex'),
});

describeEachDatabase('repeatable migrations', (get) => {
  // On the start-up connection (no request timeouts), as the app's migrate() applies them.
  const withRunner = <T>(
    fn: (runner: ScriptRunner, read: <R>(q: ReturnType<typeof sql>) => Promise<R[]>) => Promise<T>,
  ) =>
    get().app.database.exclusive(async (db) => {
      const read = async <R>(q: ReturnType<typeof sql>) => rowsOf((await db.execute(q)) as unknown as ExecRows<R>);
      return fn(scriptRunner(db.$client as Parameters<typeof scriptRunner>[0]), read);
    });

  it("applies the app's definitions once: recorded with their checksum, skipped while the file is the same", async () => {
    await withRunner(async (runner, read) => {
      const recorded = await read<{ name: string; checksum: string }>(
        sql`SELECT name, checksum FROM repeatable_migrations ORDER BY name`,
      );
      expect(recorded).toEqual(repeatableFiles().map((f) => ({ name: f.name, checksum: f.checksum })));
      expect(recorded.map((r) => r.name)).toContain('R__search.sql');
      expect(await applyRepeatable(runner)).toEqual([]);
    });
  });

  it('applies a file again when its text changes, and nothing of a file that fails', async () => {
    await withRunner(async (runner, read) => {
      const probe = () => read<{ n: number }>(sql`SELECT repeatable_probe() AS n`).then((r) => r[0]!.n);
      const one = file('CREATE OR REPLACE FUNCTION repeatable_probe() RETURNS int LANGUAGE sql RETURN 1;');
      expect(await applyRepeatable(runner, [one])).toEqual(['R__probe.sql']);
      expect(await probe()).toBe(1);
      expect(await applyRepeatable(runner, [one])).toEqual([]);
      const two = file('CREATE OR REPLACE FUNCTION repeatable_probe() RETURNS int LANGUAGE sql RETURN 2;');
      expect(await applyRepeatable(runner, [two])).toEqual(['R__probe.sql']);
      expect(await probe()).toBe(2);
      // A statement that fails after one that worked: neither the first nor the record changes.
      const broken = file(
        'CREATE OR REPLACE FUNCTION repeatable_probe() RETURNS int LANGUAGE sql RETURN 3;\nSELECT no_such_function();',
      );
      await expect(applyRepeatable(runner, [broken])).rejects.toThrow(/R__probe\.sql failed/);
      expect(await probe()).toBe(2);
      expect(await runner.recorded('R__probe.sql')).toBe(two.checksum);
      await runner.exec(
        "DROP FUNCTION repeatable_probe(); DELETE FROM repeatable_migrations WHERE name = 'R__probe.sql';",
      );
    });
  });
});
