// What the run saw, kept for the checks and the table: every attempt, the faults' windows, each
// shopper-visible outcome, the checks, and the results written to resilience-results/.
import { log, plan, quick } from './suite.mjs';

export const attempts = []; // { t, ms, status, retryAfter, method }
export const faults = []; // { name, from, to }
export const checks = []; // { area, name, ok, detail }
export const results = { mode: quick ? 'quick' : 'full', plan };
// What a simulated shopper's client ends with for each request, after SPEC's retries (3, on a
// network failure or a 5xx): the answer the shopper would see.
export const outcomes = []; // { t, end, status, method, path }
export function record(res, method, p) {
  attempts.push({
    path: p,
    end: Date.now(),
    t: Date.now() - res.ms,
    ms: res.ms,
    status: res.status,
    retryAfter: res.headers?.['retry-after'],
    method,
  });
}
export function check(area, name, ok, detail = '') {
  checks.push({ area, name, ok: Boolean(ok), detail });
  log(`${ok ? 'ok  ' : 'FAIL'} ${area}: ${name}${detail ? ` (${detail})` : ''}`);
}
/** Whether a request (from its start to its answer) overlapped fault `f`. */
export const during = (a, f) => a.t <= (f.to ?? Infinity) && (a.end ?? a.t) >= f.from;
export const activeFault = (a) => faults.find((f) => during(a, f));
/** A 5xx that is the expected answer of a fault: 503 + Retry-After while PostgreSQL is away. */
export const expected5xx = (a) =>
  a.status === 503 && a.retryAfter && faults.some((f) => f.name.startsWith('PostgreSQL') && during(a, f));
/** Bad inputs sent (tampered tokens, fuzz cases), for the table. */
export const badInputs = { count: 0 };
