import { tokensSchema } from './auth';
import { parseTokensResponse } from './tokens';

const answers: [string, unknown][] = [
  ['both tokens', { access: 'a.b.c', refresh: 'r' }],
  ['both tokens and the message', { access: 'a.b.c', refresh: 'r', message: 'Login Successful!' }],
  ['an extra field', { access: 'a.b.c', refresh: 'r', user: 1 }],
  ['no refresh token', { access: 'a.b.c' }],
  ['an empty access token', { access: '', refresh: 'r' }],
  ['a number for a token', { access: 1, refresh: 'r' }],
  ['a message that is not text', { access: 'a', refresh: 'r', message: 2 }],
  ['null', null],
  ['a string', 'a.b.c'],
  ['an HTML error page', '<html>502</html>'],
];

describe('parseTokensResponse (the zod-free check of auth answers)', () => {
  it.each(answers)('agrees with tokensSchema on %s', (_, answer) => {
    const schema = tokensSchema.safeParse(answer);
    const parsed = parseTokensResponse(answer);
    expect(parsed).toEqual(schema.success ? schema.data : null);
  });

  it('keeps only the tokens and the message', () => {
    expect(parseTokensResponse({ access: 'a', refresh: 'r', user: 1 })).toEqual({ access: 'a', refresh: 'r' });
  });
});
