import type { InjectOptions } from 'fastify';
import { describeEachDatabase } from './fixture';
import { fuzzRoutes } from './fuzz-cases';

describeEachDatabase('fuzz: malformed input never gives a 5xx', (get) => {
  it('throws 1,000 random payloads at every route', async () => {
    const ctx = get();
    const routes = ctx.app.routeList.filter(
      (r) => !r.url.startsWith('/api/docs') && r.method !== 'HEAD' && r.method !== 'OPTIONS',
    );
    expect(routes.length).toBeGreaterThan(30);
    const failures = await fuzzRoutes({
      routes,
      send: (request) => ctx.request(request as InjectOptions & { token?: string }),
      tokens: { shopper: await ctx.shopperToken(), admin: await ctx.adminToken() },
      numRuns: 1000,
      seed: Number(process.env.FUZZ_SEED ?? 20261122),
    });
    expect(failures).toEqual([]);
    // Still alive and well.
    expect((await ctx.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
