import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf, type ExecRows } from '../../db/client';
import { describeEachDatabase, type TestContext } from '../../test/fixture';
import { bucketOf } from './live';

/** A live shell's manifest: the versions it provides, as the federation plugin writes them. */
const shellShared = [
  { name: 'react', version: '19.3.0', requiredVersion: '^19.0.0', singleton: true },
  { name: 'react-dom', version: '19.3.0', requiredVersion: '^19.0.0', singleton: true },
  { name: '@store/shopper', version: '1.0.0', requiredVersion: '^1.0.0', singleton: true },
];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'releases-test-'));
const shellManifest = path.join(dir, 'shell-manifest.json');
fs.writeFileSync(shellManifest, JSON.stringify({ name: 'shell', shared: shellShared, exposes: [] }));

/** A remote's build: its manifest, its remoteEntry.js and a chunk. */
function build(
  remote: string,
  o: { shared?: object[]; exposes?: string[]; entry?: boolean; name?: string } = {},
): Record<string, string> {
  const manifest = {
    id: o.name ?? remote,
    name: o.name ?? remote,
    metaData: {
      name: remote,
      buildInfo: { buildVersion: '0.1.0', buildName: `mf-${remote}` },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      publicPath: 'auto',
    },
    shared: o.shared ?? [{ name: 'react', version: '19.3.0', requiredVersion: '^18.3.0 || ^19.0.0', singleton: true }],
    remotes: [],
    exposes: (o.exposes ?? ['./routes']).map((p) => ({ id: `${remote}:${p.slice(2)}`, name: p.slice(2), path: p })),
  };
  const files: Record<string, string> = { 'mf-manifest.json': JSON.stringify(manifest), 'static/js/1.js': '1' };
  if (o.entry !== false) files['remoteEntry.js'] = 'var catalog;';
  return files;
}

async function publish(
  ctx: TestContext,
  remote: string,
  key: string | undefined,
  buildId: string,
  files: Record<string, string>,
  notes = '',
) {
  const form = new FormData();
  form.append('build_id', buildId);
  form.append('notes', notes);
  form.append('git_commit', 'abc1234');
  for (const [name, text] of Object.entries(files)) form.append(name, new Blob([text]), path.basename(name));
  const response = new Response(form);
  return ctx.request({
    method: 'POST',
    url: `/api/releases/${remote}`,
    headers: { 'content-type': response.headers.get('content-type')!, ...(key ? { 'x-release-key': key } : {}) },
    payload: Buffer.from(await response.arrayBuffer()),
  });
}

async function newKey(ctx: TestContext, remote: string, label = `${remote} team`): Promise<string> {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/admin/releases/keys',
    token: await ctx.adminToken(),
    payload: { remote, label },
  });
  expect(res.statusCode).toBe(201);
  return res.json().key;
}

const overview = async (ctx: TestContext) =>
  (await ctx.request({ method: 'GET', url: '/api/admin/releases', token: await ctx.adminToken() })).json();
const admin = async (ctx: TestContext, url: string, payload?: object) =>
  ctx.request({ method: 'POST', url: `/api/admin/releases/${url}`, token: await ctx.adminToken(), payload });
const configFor = async (ctx: TestContext, visitor: string) =>
  (
    await ctx.request({
      method: 'GET',
      url: '/api/releases/remotes.json',
      headers: { cookie: `store_visitor=${visitor}` },
    })
  ).json();
const report = (ctx: TestContext, remote: string, build: string, kind: string) =>
  ctx.request({ method: 'POST', url: '/api/releases/reports', payload: { remote, build, kind } });
const visitors = Array.from({ length: 200 }, (_, i) => `visitor-${i.toString().padStart(4, '0')}`);

describeEachDatabase(
  'releases',
  (get) => {
    let catalogKey = '';
    let releasesDir = '';
    beforeAll(async () => {
      catalogKey = await newKey(get(), 'catalog');
      releasesDir = get().app.releases.settings.dir;
    });

    it('publishes a build with its remote’s key: files kept by build id, the manifest’s facts recorded, audited', async () => {
      const ctx = get();
      const res = await publish(ctx, 'catalog', catalogKey, 'cat-2', build('catalog'), 'New grid');
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        remote: 'catalog',
        build_id: 'cat-2',
        version: '0.1.0',
        git_commit: 'abc1234',
        status: 'ready',
        notes: 'New grid',
        exposes: ['./routes'],
        entry: 'http://localhost:3000/builds/catalog/cat-2/mf-manifest.json',
        published_by: expect.stringContaining('catalog team'),
      });
      expect(res.json().shared[0]).toMatchObject({ name: 'react', requiredVersion: '^18.3.0 || ^19.0.0' });
      expect(fs.readFileSync(path.join(releasesDir, 'catalog', 'cat-2', 'static/js/1.js'), 'utf8')).toBe('1');
      // Immutable: the same build id is never published twice.
      expect((await publish(ctx, 'catalog', catalogKey, 'cat-2', build('catalog'))).statusCode).toBe(409);
      const { audit } = await overview(ctx);
      expect(audit.map((a: { action: string }) => a.action)).toEqual(expect.arrayContaining(['key-used', 'published']));
    });

    it('keys: a catalog key cannot publish cart, no key or a revoked key publishes nothing, and only the hash is stored', async () => {
      const ctx = get();
      const wrong = await publish(
        ctx,
        'cart',
        catalogKey,
        'cart-2',
        build('cart', { exposes: ['./routes', './MiniCart'] }),
      );
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().detail).toBe('This key publishes catalog, not cart.');
      expect((await publish(ctx, 'catalog', undefined, 'x-1', build('catalog'))).statusCode).toBe(401);

      const key = await newKey(ctx, 'catalog', 'short-lived');
      const keys = (
        await ctx.request({ method: 'GET', url: '/api/admin/releases/keys', token: await ctx.adminToken() })
      ).json();
      const made = keys.find((k: { label: string }) => k.label === 'short-lived');
      expect(JSON.stringify(keys)).not.toContain(key);
      const [hash] = rowsOf<{ key_hash: string }>(
        (await ctx.app.db.execute(sql`SELECT key_hash FROM release_keys WHERE id = ${made.id}`)) as ExecRows<{
          key_hash: string;
        }>,
      );
      expect(hash!.key_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(hash!.key_hash).not.toContain(key);
      expect(
        (
          await ctx.request({
            method: 'DELETE',
            url: `/api/admin/releases/keys/${made.id}`,
            token: await ctx.adminToken(),
          })
        ).statusCode,
      ).toBe(200);
      const revoked = await publish(ctx, 'catalog', key, 'x-2', build('catalog'));
      expect(revoked.statusCode).toBe(401);
      const { audit } = await overview(ctx);
      expect(
        audit.filter((a: { action: string }) => a.action === 'key-refused').map((a: { detail: string }) => a.detail),
      ).toEqual(expect.arrayContaining(['publish: a catalog key', 'publish: revoked']));
    });

    it('the gate refuses, with its reasons, a React the shell does not provide, a missing exposed module, a broken manifest', async () => {
      const ctx = get();
      const react18 = await publish(
        ctx,
        'catalog',
        catalogKey,
        'cat-react18',
        build('catalog', {
          shared: [{ name: 'react', version: '18.3.1', requiredVersion: '^18.2.0', singleton: true }],
        }),
      );
      expect(react18.statusCode).toBe(422);
      expect(react18.json().detail).toBe('Refused: it requires react ^18.2.0, the shell provides 19.3.0');
      expect(react18.json().release.status).toBe('refused');

      const shopper2 = await publish(
        ctx,
        'catalog',
        catalogKey,
        'cat-shopper2',
        build('catalog', {
          shared: [{ name: '@store/shopper', version: '2.0.0', requiredVersion: '^2.0.0', singleton: true }],
        }),
      );
      expect(shopper2.json().detail).toContain('it requires @store/shopper ^2.0.0, the shell provides 1.0.0');

      const cartKey = await newKey(ctx, 'cart');
      const noMiniCart = await publish(ctx, 'cart', cartKey, 'cart-nomini', build('cart'));
      expect(noMiniCart.json().detail).toBe('Refused: it does not expose ./MiniCart, which the shell loads');

      const broken = await publish(ctx, 'catalog', catalogKey, 'cat-broken', { 'mf-manifest.json': '{not json' });
      expect(broken.json().detail).toContain('mf-manifest.json is not valid JSON');
      const noEntry = await publish(ctx, 'catalog', catalogKey, 'cat-noentry', build('catalog', { entry: false }));
      expect(noEntry.json().detail).toContain('its entry remoteEntry.js was not uploaded');

      // A refused build cannot be sent to visitors.
      const refused = react18.json().release.id;
      expect((await admin(ctx, 'catalog/canary', { release_id: refused, percent: 10 })).statusCode).toBe(409);
      const { remotes } = await overview(ctx);
      const history = remotes.find((r: { remote: string }) => r.remote === 'catalog').releases;
      expect(history.find((r: { build_id: string }) => r.build_id === 'cat-react18').reasons).toEqual([
        'it requires react ^18.2.0, the shell provides 19.3.0',
      ]);
    });

    it("the gate holds a build's server build (server/, issue 30) to the same: its singletons, its ./server, its entry", async () => {
      const ctx = get();
      // The server part of a build: the same manifest shape under server/, exposing ./server.
      const server = (o: Parameters<typeof build>[1] = {}) =>
        Object.fromEntries(
          Object.entries(build('catalog', { exposes: ['./server'], ...o })).map(([name, text]) => [
            `server/${name}`,
            text,
          ]),
        );
      const good = await publish(ctx, 'catalog', catalogKey, 'cat-ssr', { ...build('catalog'), ...server() });
      expect(good.statusCode).toBe(201);
      const react18 = await publish(ctx, 'catalog', catalogKey, 'cat-ssr-react18', {
        ...build('catalog'),
        ...server({ shared: [{ name: 'react', version: '18.3.1', requiredVersion: '^18.2.0', singleton: true }] }),
      });
      expect(react18.statusCode).toBe(422);
      expect(react18.json().detail).toBe('Refused: its server build requires react ^18.2.0, the shell provides 19.3.0');
      const noServerModule = await publish(ctx, 'catalog', catalogKey, 'cat-ssr-noexpose', {
        ...build('catalog'),
        ...server({ exposes: ['./routes'], entry: false }),
      });
      expect(noServerModule.json().detail).toBe(
        "Refused: its server entry remoteEntry.js was not uploaded; it does not expose ./server, which the shell's server loads",
      );
    });

    it('canary: a share of visitors, each on its own build on every request; never cached by shared caches', async () => {
      const ctx = get();
      const { remotes } = await overview(ctx);
      const cat2 = remotes[0].releases.find((r: { build_id: string }) => r.build_id === 'cat-2');
      expect((await admin(ctx, 'catalog/canary', { release_id: cat2.id, percent: 50 })).statusCode).toBe(200);

      const first = await ctx.request({ method: 'GET', url: '/api/releases/remotes.json' });
      expect(first.headers['cache-control']).toBe('private, no-store');
      expect(first.headers.vary).toBe('Cookie');
      expect(first.headers['set-cookie']).toMatch(/^store_visitor=[\w-]+; Path=\/;/);
      // REMOTES_BASE (the cluster's own builds) with the releases applied over it.
      expect(first.json().account).toEqual({ entry: 'http://localhost:3003/mf-manifest.json' });

      const builds = new Map<string, string>();
      for (const v of visitors) builds.set(v, (await configFor(ctx, v)).catalog?.build ?? 'default');
      const onCanary = [...builds.values()].filter((b) => b === 'cat-2').length;
      expect(onCanary).toBeGreaterThan(70);
      expect(onCanary).toBeLessThan(130);
      expect(new Set(builds.values())).toEqual(new Set(['cat-2', 'default']));
      for (const v of visitors.slice(0, 40))
        expect((await configFor(ctx, v)).catalog?.build ?? 'default').toBe(builds.get(v));
      // Raising the share keeps everyone already on the canary there.
      await admin(ctx, 'catalog/canary', { release_id: cat2.id, percent: 80 });
      for (const v of visitors.filter((x) => builds.get(x) === 'cat-2').slice(0, 30)) {
        expect((await configFor(ctx, v)).catalog.build).toBe('cat-2');
      }
      expect(bucketOf('visitor-0001', 'catalog', cat2.id)).toBe(bucketOf('visitor-0001', 'catalog', cat2.id));
      const live = (await overview(ctx)).remotes[0].live;
      expect(live.map((l: { role: string; share: number }) => [l.role, l.share])).toEqual([
        ['stable', 20],
        ['canary', 80],
      ]);
    });

    it('promote, roll back and pin from the admin’s actions, each audited', async () => {
      const ctx = get();
      expect((await admin(ctx, 'catalog/promote')).statusCode).toBe(200);
      for (const v of visitors.slice(0, 20)) expect((await configFor(ctx, v)).catalog.build).toBe('cat-2');
      expect((await admin(ctx, 'catalog/promote')).statusCode).toBe(409);
      expect((await admin(ctx, 'catalog/rollback')).statusCode).toBe(200);
      for (const v of visitors.slice(0, 20)) expect((await configFor(ctx, v)).catalog).toBeUndefined();
      expect((await admin(ctx, 'catalog/rollback')).statusCode).toBe(409);
      const cat2 = (await overview(ctx)).remotes[0].releases.find((r: { build_id: string }) => r.build_id === 'cat-2');
      expect((await admin(ctx, 'catalog/pin', { release_id: cat2.id })).statusCode).toBe(200);
      expect((await configFor(ctx, visitors[0]!)).catalog.build).toBe('cat-2');
      expect((await admin(ctx, 'catalog/pin', { release_id: null })).statusCode).toBe(200);
      const actions = (await overview(ctx)).audit.map((a: { action: string }) => a.action);
      expect(actions.slice(0, 5)).toEqual(['pinned', 'pinned', 'rolled-back', 'promoted', 'canary']);
      expect((await ctx.request({ method: 'POST', url: '/api/admin/releases/catalog/promote' })).statusCode).toBe(401);
    });

    it('rolls a canary back by itself at ≥ 20 loads and 5 points above stable, with its reason', async () => {
      const ctx = get();
      const res = await publish(ctx, 'catalog', catalogKey, 'cat-throws', build('catalog'));
      await admin(ctx, 'catalog/canary', { release_id: res.json().id, percent: 50 });
      for (let i = 0; i < 20; i++) await report(ctx, 'catalog', 'default', 'load');
      await report(ctx, 'catalog', 'default', 'render-error');
      // 19 loads with failures: not yet judged.
      for (let i = 0; i < 19; i++) {
        await report(ctx, 'catalog', 'cat-throws', 'load');
        await report(ctx, 'catalog', 'cat-throws', 'render-error');
      }
      expect((await overview(ctx)).remotes[0].live).toHaveLength(2);
      await report(ctx, 'catalog', 'cat-throws', 'load');
      const after = await overview(ctx);
      expect(after.remotes[0].live.map((l: { role: string }) => l.role)).toEqual(['stable']);
      expect(after.audit[0]).toMatchObject({
        actor: 'automatic rollback',
        action: 'rolled-back',
        build_id: 'cat-throws',
      });
      expect(after.audit[0].detail).toBe('canary failed 19 of 20 loads (95.0 %), stable 5.0 %: above the 5.0 % margin');
      for (const v of visitors.slice(0, 30)) expect((await configFor(ctx, v)).catalog).toBeUndefined();
    });

    it('a canary failing no more than stable plus the margin stays', async () => {
      const ctx = get();
      const res = await publish(ctx, 'catalog', catalogKey, 'cat-fine', build('catalog'));
      await admin(ctx, 'catalog/canary', { release_id: res.json().id, percent: 10 });
      for (let i = 0; i < 40; i++) await report(ctx, 'catalog', 'cat-fine', 'load');
      await report(ctx, 'catalog', 'cat-fine', 'load-error');
      expect((await overview(ctx)).remotes[0].live.map((l: { role: string }) => l.role)).toEqual(['stable', 'canary']);
      await admin(ctx, 'catalog/rollback');
    });

    it('serves the last good config when the database cannot be read', async () => {
      const ctx = get();
      const cat2 = (await overview(ctx)).remotes[0].releases.find((r: { build_id: string }) => r.build_id === 'cat-2');
      await admin(ctx, 'catalog/pin', { release_id: cat2.id });
      expect((await configFor(ctx, 'someone-1')).catalog.build).toBe('cat-2');
      await ctx.app.db.execute(sql`ALTER TABLE release_rollouts RENAME TO release_rollouts_away`);
      // Past the second in which a process answers from what it read: the next read goes to the database.
      ctx.app.releases.live.forget();
      try {
        const res = await ctx.request({
          method: 'GET',
          url: '/api/releases/remotes.json',
          headers: { cookie: 'store_visitor=someone-2' },
        });
        expect(res.statusCode).toBe(200);
        expect(res.json().catalog.build).toBe('cat-2');
      } finally {
        await ctx.app.db.execute(sql`ALTER TABLE release_rollouts_away RENAME TO release_rollouts`);
      }
      expect(JSON.parse(fs.readFileSync(path.join(releasesDir, 'live.json'), 'utf8')).catalog.stable.build).toBe(
        'cat-2',
      );
    });

    it('is in the OpenAPI document', async () => {
      const doc = (await get().request({ method: 'GET', url: '/api/docs/json' })).json();
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining([
          '/api/releases/{remote}',
          '/api/releases/remotes.json',
          '/api/releases/reports',
          '/api/admin/releases',
          '/api/admin/releases/{remote}/canary',
          '/api/admin/releases/keys',
        ]),
      );
    });

    it('refuses reports of an unknown kind or remote', async () => {
      const ctx = get();
      expect((await report(ctx, 'catalog', 'cat-2', 'exploded')).statusCode).toBe(400);
      expect((await report(ctx, 'shop', 'cat-2', 'load')).statusCode).toBe(400);
    });
  },
  { shellManifest, remotesBase: { account: { entry: 'http://localhost:3003/mf-manifest.json' } } },
);
