import { INLINE_REMOTES_CONFIG_ID, parseRemotesConfig, readInlinedRemotesConfig } from './remotesConfig';

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

describe('readInlinedRemotesConfig', () => {
  afterEach(() => document.getElementById(INLINE_REMOTES_CONFIG_ID)?.remove());
  it('reads the config the server put into the page', () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = INLINE_REMOTES_CONFIG_ID;
    block.textContent = JSON.stringify({ catalog: { entry: 'http://localhost:3001/mf-manifest.json' } });
    document.body.append(block);
    expect(readInlinedRemotesConfig()).toEqual({ catalog: { entry: 'http://localhost:3001/mf-manifest.json' } });
  });
  it('is null without one, or with one that is not JSON', () => {
    expect(readInlinedRemotesConfig()).toBeNull();
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = INLINE_REMOTES_CONFIG_ID;
    block.textContent = '{nope';
    document.body.append(block);
    expect(readInlinedRemotesConfig()).toBeNull();
  });
});
