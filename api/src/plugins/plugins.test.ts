import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { testConfig } from '../test/fixture';

/** The cross-cutting plugins (src/plugins): errors, security headers + CORS, OpenAPI. */
describe('plugins', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ seed: 'none' }));
  });
  afterAll(() => app.close());

  it('errors: unknown routes and invalid input answer {detail} with the fields at fault', async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Not found.' });

    const invalid = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'not-an-email' } });
    expect(invalid.statusCode).toBe(400);
    const body = invalid.json();
    expect(typeof body.detail).toBe('string');
    expect(Object.keys(body)).toEqual(expect.arrayContaining(['detail', 'email']));

    const badJson = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual({ detail: expect.any(String) });
  });

  it('security: headers and a request id on every answer; CORS only for the configured origins', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBeTruthy();

    const allowed = await app.inject({
      method: 'OPTIONS',
      url: '/api/products',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    const other = await app.inject({
      method: 'OPTIONS',
      url: '/api/products',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('openapi: the document lists the routes, with bearer auth, and the UI is served', async () => {
    const doc = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(spec.info.title).toBe('Store API');
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/products/', '/api/auth/login']));
    expect(spec.components.securitySchemes.bearerAuth.scheme).toBe('bearer');
    const ui = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
  });
});
