import { parseRemotesConfig } from './remotesConfig';

describe('parseRemotesConfig', () => {
  it('keeps known remotes with an entry URL', () => {
    expect(
      parseRemotesConfig({
        catalog: { entry: 'http://localhost:3001/mf-manifest.json' },
        cart: 'http://localhost:3002/mf-manifest.json',
        unknown: { entry: 'x' },
        account: { entry: '' },
      }),
    ).toEqual({
      catalog: { entry: 'http://localhost:3001/mf-manifest.json' },
      cart: { entry: 'http://localhost:3002/mf-manifest.json' },
    });
  });
  it('treats anything else as an empty config', () => {
    expect(parseRemotesConfig(null)).toEqual({});
    expect(parseRemotesConfig('nope')).toEqual({});
  });
});
