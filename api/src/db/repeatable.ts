import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * Repeatable migrations, as Flyway's `R__` files: a definition that changes over time (functions, triggers)
 * is one file, `src/modules/<module>/R__<name>.sql`, applied after the versioned migrations whenever its
 * text is new to the database (`repeatable_migrations` keeps each file's sha256), in one transaction with
 * the record of it. The build copies the files to `dist/repeatable/`.
 */
export interface RepeatableFile {
  name: string;
  text: string;
  checksum: string;
}

/** What applying needs of a connection: run a script of statements, read one recorded checksum. */
export interface ScriptRunner {
  exec(script: string): Promise<unknown>;
  recorded(name: string): Promise<string | undefined>;
}

type Row = { checksum: string };

/** A runner on a connection of either driver: PGlite runs a script with exec, node-postgres with a simple query. */
export function scriptRunner(client: PGlite | pg.Client | pg.PoolClient): ScriptRunner {
  return {
    exec: (script) => (client instanceof PGlite ? client.exec(script) : client.query(script)),
    recorded: async (name) => {
      const text = 'SELECT checksum FROM repeatable_migrations WHERE name = $1';
      const { rows } =
        client instanceof PGlite ? await client.query<Row>(text, [name]) : await client.query<Row>(text, [name]);
      return rows[0]?.checksum;
    },
  };
}

/** The R__*.sql files: beside the modules when running from source, dist/repeatable in the build. */
export function repeatableFiles(): RepeatableFile[] {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const built = path.join(here, 'repeatable');
  const paths = fs.existsSync(built)
    ? fs.readdirSync(built).map((file) => path.join(built, file))
    : fs.readdirSync(path.join(here, '..', 'modules')).flatMap((module) => {
        const dir = path.join(here, '..', 'modules', module);
        return fs.statSync(dir).isDirectory() ? fs.readdirSync(dir).map((file) => path.join(dir, file)) : [];
      });
  return paths
    .filter((file) => /^R__[\w-]+\.sql$/.test(path.basename(file)))
    .sort()
    .map((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return { name: path.basename(file), text, checksum: crypto.createHash('sha256').update(text).digest('hex') };
    });
}

/** Applies the files whose checksum the database has not recorded; answers the names applied. */
export async function applyRepeatable(runner: ScriptRunner, files = repeatableFiles()): Promise<string[]> {
  const applied: string[] = [];
  for (const file of files) {
    if ((await runner.recorded(file.name)) === file.checksum) continue;
    try {
      await runner.exec(`BEGIN;
${file.text}
;
INSERT INTO repeatable_migrations (name, checksum) VALUES ('${file.name}', '${file.checksum}')
  ON CONFLICT (name) DO UPDATE SET checksum = EXCLUDED.checksum, applied_at = now();
COMMIT;`);
    } catch (error) {
      await runner.exec('ROLLBACK').catch(() => undefined);
      throw new Error(`repeatable migration ${file.name} failed: ${(error as Error).message}`, { cause: error });
    }
    applied.push(file.name);
  }
  return applied;
}
