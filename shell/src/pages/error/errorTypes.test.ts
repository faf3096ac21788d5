import { createErrorId, errorCopy, typeForStatus, type ErrorType } from './errorTypes';

const types: ErrorType[] = ['server', 'network', 'timeout', 'forbidden', 'payment', 'maintenance', 'general'];

describe('errorCopy (SPEC.md section 2)', () => {
  it('has exactly the seven types, each with its own title, a subtitle, a description and suggestions', () => {
    expect(Object.keys(errorCopy).sort()).toEqual([...types].sort());
    const titles = types.map((t) => errorCopy[t].title);
    expect(new Set(titles).size).toBe(types.length);
    for (const type of types) {
      const copy = errorCopy[type];
      expect(copy.title.trim()).not.toBe('');
      expect(copy.subtitle.trim()).not.toBe('');
      expect(copy.description.trim()).not.toBe('');
      expect(copy.suggestions.length).toBeGreaterThan(0);
    }
  });
});

describe('typeForStatus', () => {
  it.each([
    [500, 'server'],
    [408, 'timeout'],
    [403, 'forbidden'],
    [503, 'maintenance'],
  ] as const)('maps the demo status %i to %s', (status, type) => {
    expect(typeForStatus(status)).toBe(type);
  });

  it('treats other 5xx as server errors and anything else as general', () => {
    expect(typeForStatus(502)).toBe('server');
    expect(typeForStatus(400)).toBe('general');
    expect(typeForStatus(undefined)).toBe('general');
  });
});

describe('createErrorId', () => {
  it('has the format ERR-{time}-{random}', () => {
    expect(createErrorId(1_700_000_000_000, 0.123456789)).toMatch(/^ERR-1700000000000-[0-9A-Z]{9}$/);
    expect(createErrorId()).toMatch(/^ERR-\d{13}-[0-9A-Z]{9}$/);
  });

  it('differs with the random part', () => {
    expect(createErrorId(1, 0.1)).not.toBe(createErrorId(1, 0.2));
  });

  it('keeps a full random part for any random number, 0 and 0.5 included', () => {
    expect(createErrorId(1, 0)).toBe('ERR-1-000000000');
    expect(createErrorId(1, 0.5)).toMatch(/^ERR-1-[0-9A-Z]{9}$/);
    expect(createErrorId(1, 0.999999999999)).toMatch(/^ERR-1-[0-9A-Z]{9}$/);
  });
});
