import { createRenderCache } from './renderCache';

describe('createRenderCache', () => {
  it('keeps a page until its time is up', () => {
    let now = 0;
    const cache = createRenderCache<string>({ maxEntries: 10, ttlMs: 1000, now: () => now });
    cache.set('a', 'page a');
    now = 999;
    expect(cache.get('a')).toBe('page a');
    now = 1000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used page past its size', () => {
    const cache = createRenderCache<string>({ maxEntries: 2, ttlMs: 60_000 });
    cache.set('a', '1');
    cache.set('b', '2');
    expect(cache.get('a')).toBe('1'); // a is now the most recent
    cache.set('c', '3');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('1');
    expect(cache.get('c')).toBe('3');
  });
});
