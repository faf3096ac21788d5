/** @jest-environment node */
// Node has no XMLHttpRequest: the client sends through Node's http there (HTTP_ADAPTER's second
// choice). The resilience suite (scripts/resilience) drives this same client in Node.
import { sessionStore } from '@store/session';
import { configureHttp, http } from './client';
import { startTestServer } from './testServer';

let server: Awaited<ReturnType<typeof startTestServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  sessionStore.getState().logout();
});

it("sends through Node's http where there is no XMLHttpRequest, with the same retries and keys", async () => {
  expect(typeof XMLHttpRequest).toBe('undefined');
  let calls = 0;
  server = await startTestServer(() => (++calls === 1 ? { status: 503 } : { status: 200, body: { ok: true } }));
  configureHttp({ baseURL: server.baseURL, retryDelayMs: 1, redirect: () => {} });
  const response = await http.post('products/add-to-cart', { variant_id: 1, quantity: 1 });
  expect(response.data).toEqual({ ok: true });
  expect(server.requests).toHaveLength(2);
  expect(server.requests[0]!.idempotencyKey).toBeTruthy();
  expect(server.requests[1]!.idempotencyKey).toBe(server.requests[0]!.idempotencyKey);
});
