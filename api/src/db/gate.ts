/**
 * A limit on how many statements run at once, the others waiting their turn in arrival order.
 *
 * PostgreSQL answers more catalogue pages per second with a few running at once than with many: its
 * processes then share the cores (and their caches) instead of taking turns on them. A search with a
 * price range at 100,000 products, pgbench on a 2-core machine: 2,621 pages/s with 2 at once, 2,778
 * with 4, 2,247 with 8, 2,034 with 16 (the pool's size). Through the API at 50 connections, 4 at once
 * against 16: ~13% more pages per second and a lower p99 (docs/decisions/0083).
 */
export class Gate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  /**
   * @param limit how many run at once
   * @param waitMs how long one may wait for its turn before it fails with {@link GateTimeoutError}
   * @param maxWaiting how many may wait at once; one more fails at once with {@link GateFullError}
   */
  constructor(
    readonly limit: number,
    private readonly waitMs: number,
    readonly maxWaiting = Number.POSITIVE_INFINITY,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`Gate limit must be a positive integer: ${limit}`);
  }

  /** Runs `fn` once fewer than `limit` others run, in arrival order. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) {
      if (this.waiting.length >= this.maxWaiting) throw new GateFullError(this.limit, this.maxWaiting);
      await this.turn();
    } else this.running += 1;
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      // The slot passes to the next in line as it is: `running` stays the same.
      if (next) next();
      else this.running -= 1;
    }
  }

  /** How many wait for their turn (tests). */
  get queued(): number {
    return this.waiting.length;
  }

  private turn(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const go = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const at = this.waiting.indexOf(go);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(new GateTimeoutError(this.limit, this.waitMs));
      }, this.waitMs);
      this.waiting.push(go);
    });
  }
}

/** Waited past its time for a turn: the database is too busy to answer in time (a 503, see lib/errors). */
export class GateTimeoutError extends Error {
  constructor(limit: number, waitMs: number) {
    super(`database busy: waited ${waitMs} ms for one of ${limit} statement slots`);
    this.name = 'GateTimeoutError';
  }
}

/** Every slot taken and as many waiting as allowed: the caller is told to come back, not queued. */
export class GateFullError extends Error {
  constructor(limit: number, maxWaiting: number) {
    super(`busy: ${limit} running and ${maxWaiting} waiting`);
    this.name = 'GateFullError';
  }
}
