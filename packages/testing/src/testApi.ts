import { act } from '@testing-library/react';
import { setTimeout as realSleep } from 'node:timers/promises';
import { configureHttp, queryClient } from '@store/http';
import { startTestServer, type Handler } from '@store/http/test-server';
import { resetSession } from './session';

/** A real loopback API for the code under test; every call of `@store/http` goes to it (retries 1 ms apart). */
export async function startApi(handler: Handler) {
  const server = await startTestServer(handler);
  configureHttp({ baseURL: server.baseURL, retryDelayMs: 1 });
  return {
    ...server,
    /** The recorded calls as `METHOD /api/path`, without CORS preflights. */
    calls: () => server.requests.map((r) => `${r.method} ${r.url}`),
    /** The JSON body of the first call to `METHOD /api/path`. */
    bodyOf: (call: string): unknown => {
      const request = server.requests.find((r) => `${r.method} ${r.url}` === call);
      return request ? JSON.parse(request.body) : undefined;
    },
  };
}
export type TestApi = Awaited<ReturnType<typeof startApi>>;

/**
 * Waits for `assertion` in real time (node's own timers, which jest never fakes): a reply from the
 * loopback server or a resolved promise can arrive while jest's fake timers keep the page's timers
 * exactly where they are (Testing Library's waitFor would advance them).
 */
export async function waitInRealTime(assertion: () => void, attempts = 300) {
  for (let attempt = 0; ; attempt++) {
    try {
      assertion();
      return;
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
    await act(async () => {
      await realSleep(10);
    });
  }
}

/**
 * Lets the shared query cache finish its calls, then stops the loopback server: a call cut off by the
 * close would be retried against a closed port, after the test, and fail noisily.
 */
export async function closeTestServer(server: { close(): Promise<void> }) {
  await waitInRealTime(() => expect(queryClient.isFetching()).toBe(0));
  await server.close();
}

/**
 * Holds a loopback API's answers back (to see the page while a call is on its way): the handler
 * awaits `wait()` before answering; `hold()` holds every answer until the function it returns is called.
 */
export function answerGate() {
  let held: Promise<void> | null = null;
  return {
    wait: () => held ?? Promise.resolve(),
    hold: () => {
      let release = () => {};
      held = new Promise<void>((resolve) => {
        release = () => {
          held = null;
          resolve();
        };
      });
      return release;
    },
  };
}

/** What the loopback API answers a call with. */
export type Reply = { status: number; body?: unknown };

/**
 * For a suite whose API answers every call alike (the auth forms): before each test a loopback API
 * that answers with `api.reply()` (reset to `initial`; a test sets its own), after each test the server
 * closed, real timers back and the session reset.
 */
export function replyingApiPerTest(initial: () => Reply | Promise<Reply>) {
  const api = { server: undefined as unknown as TestApi, reply: initial };
  beforeEach(async () => {
    api.reply = initial;
    api.server = await startApi(() => api.reply());
  });
  afterEach(async () => {
    jest.useRealTimers();
    await closeTestServer(api.server);
    resetSession();
  });
  return api;
}
