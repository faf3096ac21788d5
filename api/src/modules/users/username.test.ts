import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { intarray } from '@electric-sql/pglite/contrib/intarray';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../../db/client';
import { describeEachDatabase, throwawayDatabase } from '../../test/fixture';

const TAKEN = { username: ['A user with this username already exists.'] };

/** Usernames are unique whatever their case (issue 11.9), on sign-up and on the profile. */
describeEachDatabase('unique usernames', (get) => {
  const register = (username: string, tag = Math.random().toString(36).slice(2)) =>
    get().request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { first_name: 'N', last_name: 'N', username, email: `u-${tag}@example.com`, password: 'Secret123' },
    });

  it("refuses the demo shopper's username in any case, at sign-up and on the profile", async () => {
    const ctx = get();
    for (const name of ['shopper', 'SHOPPER', ' Shopper ']) {
      const res = await register(name);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(TAKEN);
    }
    const user = await ctx.newUser();
    const patch = (username: string) =>
      ctx.request({
        method: 'PATCH',
        url: '/api/users/me',
        token: user.access,
        payload: { first_name: 'N', last_name: 'N', username },
      });
    const taken = await patch('ShOpPeR');
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual(TAKEN);
    // A free name works, and so does writing one's own name in another case.
    expect((await patch('night-owl')).statusCode).toBe(200);
    const recased = await patch('Night-Owl');
    expect(recased.statusCode).toBe(200);
    expect(recased.json().username).toBe('Night-Owl');
    expect((await register('NIGHT-OWL')).json()).toEqual(TAKEN);
  });

  it('two sign-ups racing for one username: one account, the other gets the message', async () => {
    const answers = await Promise.all(['racer', 'Racer', 'RACER', 'rAcEr'].map((name) => register(name)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400, 400, 400]);
    for (const a of answers.filter((x) => x.statusCode === 400)) expect(a.json()).toEqual(TAKEN);
  });
});

/** Migration 0007 builds the unique index on a database that already holds the same name twice. */
describe.each(['pglite', 'postgres'] as const)('migration 0007 on existing duplicates [%s]', (driver) => {
  const pgAvailable = process.env.API_TEST_PG === 'available';
  (driver === 'postgres' && !pgAvailable ? it.skip : it)(
    'keeps the oldest name, appends the id to the later ones',
    async () => {
      // The migrations before 0007 only, as a database made before this change has them.
      const full = migrationsFolder();
      const before = fs.mkdtempSync(path.join(os.tmpdir(), 'store-migrations-'));
      fs.cpSync(full, before, { recursive: true });
      const journalFile = path.join(before, 'meta', '_journal.json');
      const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
      journal.entries = journal.entries.filter((e) => e.tag < '0007');
      fs.writeFileSync(journalFile, JSON.stringify(journal));

      let run: (folder: string) => Promise<void>;
      let query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>;
      let close: () => Promise<void>;
      if (driver === 'pglite') {
        const client = await PGlite.create('memory://', { extensions: { pg_trgm, intarray } });
        run = (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder });
        query = (text) => client.query(text);
        close = () => client.close();
      } else {
        const database = await throwawayDatabase();
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        run = (folder) => migratePg(drizzlePg(client), { migrationsFolder: folder });
        query = (text) => client.query(text);
        close = async () => {
          await client.end();
          await database.drop();
        };
      }
      try {
        await run(before);
        await query(
          `INSERT INTO users (email, username, first_name, last_name, password_hash) VALUES
           ('a@x.example', 'tester', 'A', 'A', '!'), ('b@x.example', 'Tester', 'B', 'B', '!'),
           ('c@x.example', 'tester', 'C', 'C', '!'), ('d@x.example', 'solo', 'D', 'D', '!')`,
        );
        await run(full);
        const { rows } = await query('SELECT id, username FROM users ORDER BY id');
        const [a, b, c, d] = rows as { id: number; username: string }[];
        expect(rows.map((r) => r.username)).toEqual(['tester', `Tester-${b!.id}`, `tester-${c!.id}`, 'solo']);
        expect(a!.username).toBe('tester');
        expect(d!.username).toBe('solo');
        await expect(
          query(`INSERT INTO users (email, username, first_name, last_name, password_hash)
                 VALUES ('e@x.example', 'TESTER', 'E', 'E', '!')`),
        ).rejects.toMatchObject({ code: '23505' });
      } finally {
        await close();
        fs.rmSync(before, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
