import fs from 'node:fs';
import path from 'node:path';
import { migrationsFolder } from '../../db/client';

// The search's functions and triggers have one definition, R__search.sql (src/db/repeatable.ts applies it):
// nothing after migration 0020 defines any, and the code calls only what that file defines.
const here = __dirname;
const definition = fs.readFileSync(path.join(here, 'R__search.sql'), 'utf8');
const sources = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory()
      ? sources(full)
      : /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)
        ? [full]
        : [];
  });
const DEFINES = /\bCREATE\s+(OR\s+REPLACE\s+)?(FUNCTION|TRIGGER|AGGREGATE|PROCEDURE|VIEW)\b/i;

describe('the search has one definition', () => {
  it('no migration after 0020 and no TypeScript source defines a function, trigger or view', () => {
    const later = fs.readdirSync(migrationsFolder()).filter((f) => /^\d{4}_.*\.sql$/.test(f) && f > '0020');
    for (const migration of later) {
      expect([migration, DEFINES.test(fs.readFileSync(path.join(migrationsFolder(), migration), 'utf8'))]).toEqual([
        migration,
        false,
      ]);
    }
    for (const source of sources(path.join(here, '..', '..'))) {
      expect([source, DEFINES.test(fs.readFileSync(source, 'utf8'))]).toEqual([source, false]);
    }
  });

  it('every search function the code calls is defined in R__search.sql', () => {
    const called = new Set(
      sources(path.join(here, '..', '..')).flatMap((source) =>
        [...fs.readFileSync(source, 'utf8').matchAll(/\bsearch\.([a-z_]+)\(/g)].map((m) => m[1]!),
      ),
    );
    expect([...called].sort()).toEqual(expect.arrayContaining(['nearest', 'page', 'refresh', 'word_terms']));
    for (const name of called) expect([name, definition.includes(`FUNCTION search.${name}(`)]).toEqual([name, true]);
  });

  // (An integer's remainder is written mod(), so no % at all stands in the file's code.)
  it("uses pg_trgm's functions, not its % and <-> operators (which answer nothing on PGlite beside intarray)", () => {
    const code = definition.replace(/--.*$/gm, '').replace(/'[^']*'/g, "''");
    expect(code).not.toMatch(/\s%\s|<->/);
  });
});
