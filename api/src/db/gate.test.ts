import { isDatabaseUnavailable } from '../lib/errors';
import { Gate, GateFullError, GateTimeoutError } from './gate';

/** A task the test finishes by hand, recording when it started. */
function task(log: string[], name: string) {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = () => resolve(name);
    fail = reject;
  });
  return {
    fn: () => {
      log.push(name);
      return done;
    },
    finish,
    fail,
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('Gate', () => {
  it('runs at most `limit` at once, the others in arrival order as slots free up', async () => {
    const gate = new Gate(2, 10_000);
    const log: string[] = [];
    const tasks = ['a', 'b', 'c', 'd'].map((name) => task(log, name));
    const results = tasks.map((t) => gate.run(t.fn));
    await tick();
    expect(log).toEqual(['a', 'b']);
    expect(gate.queued).toBe(2);

    tasks[1]!.finish();
    await expect(results[1]).resolves.toBe('b');
    await tick();
    expect(log).toEqual(['a', 'b', 'c']);

    tasks[0]!.finish();
    await tick();
    expect(log).toEqual(['a', 'b', 'c', 'd']);
    expect(gate.queued).toBe(0);
    tasks[2]!.finish();
    tasks[3]!.finish();
    await expect(Promise.all(results)).resolves.toEqual(['a', 'b', 'c', 'd']);
  });

  it('frees the slot of a task that fails', async () => {
    const gate = new Gate(1, 10_000);
    const log: string[] = [];
    const first = task(log, 'first');
    const second = task(log, 'second');
    const a = gate.run(first.fn);
    const b = gate.run(second.fn);
    first.fail(new Error('bad query'));
    await expect(a).rejects.toThrow('bad query');
    await tick();
    expect(log).toEqual(['first', 'second']);
    second.finish();
    await expect(b).resolves.toBe('second');
  });

  it('fails a task that waits past its time as the database being unavailable (a 503), and goes on', async () => {
    jest.useFakeTimers();
    try {
      const gate = new Gate(1, 2000);
      const log: string[] = [];
      const slow = task(log, 'slow');
      const late = task(log, 'late');
      const running = gate.run(slow.fn);
      const waiting = gate.run(late.fn);
      const outcome = waiting.catch((error: unknown) => error);
      jest.advanceTimersByTime(1999);
      await Promise.resolve();
      expect(gate.queued).toBe(1);
      jest.advanceTimersByTime(1);
      const error = await outcome;
      expect(error).toBeInstanceOf(GateTimeoutError);
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(log).toEqual(['slow']);
      expect(gate.queued).toBe(0);

      // The slot is the running task's until it ends, then free again.
      slow.finish();
      await expect(running).resolves.toBe('slow');
      const next = task(log, 'next');
      const after = gate.run(next.fn);
      await Promise.resolve();
      expect(log).toEqual(['slow', 'next']);
      next.finish();
      await expect(after).resolves.toBe('next');
    } finally {
      jest.useRealTimers();
    }
  });

  it('refuses a limit below one', () => {
    expect(() => new Gate(0, 1000)).toThrow(RangeError);
  });

  it('with a bounded queue, refuses at once whoever comes when every slot and waiting place is taken', async () => {
    const gate = new Gate(1, 10_000, 2);
    const log: string[] = [];
    const tasks = ['a', 'b', 'c', 'd', 'e'].map((name) => task(log, name));
    const results = tasks.map((t) => gate.run(t.fn).catch((error: unknown) => error));
    await tick();
    expect(log).toEqual(['a']);
    expect(gate.queued).toBe(2);
    expect(await results[3]).toBeInstanceOf(GateFullError);
    expect(await results[4]).toBeInstanceOf(GateFullError);
    // A place frees up: the next one waits again instead of being refused.
    tasks[0]!.finish();
    await expect(results[0]).resolves.toBe('a');
    const late = task(log, 'f');
    const lateResult = gate.run(late.fn);
    expect(gate.queued).toBe(2);
    tasks[1]!.finish();
    tasks[2]!.finish();
    late.finish();
    await expect(Promise.all([results[1], results[2], lateResult])).resolves.toEqual(['b', 'c', 'f']);
  });
});
