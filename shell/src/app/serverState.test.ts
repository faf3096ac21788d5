import { queryClient } from '@store/http';
import { SERVER_STATE_ID, takeServerState } from './serverState';

function pageWith(text: string | null): Document {
  const doc = document.implementation.createHTMLDocument('page');
  if (text !== null) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = SERVER_STATE_ID;
    script.textContent = text;
    doc.body.append(script);
  }
  return doc;
}

describe('takeServerState', () => {
  afterEach(() => queryClient.clear());

  it('takes the server query cache into the page, fresh from now, and the 404 path', () => {
    const old = Date.now() - 10 * 60_000;
    const state = {
      queries: {
        mutations: [],
        queries: [
          {
            queryKey: ['product', '7'],
            queryHash: '["product","7"]',
            state: { data: { id: 7 }, dataUpdatedAt: old, status: 'success', fetchStatus: 'idle' },
          },
        ],
      },
      notFoundAt: '/products/99',
    };
    expect(takeServerState(pageWith(JSON.stringify(state)))).toEqual({ notFoundAt: '/products/99' });
    expect(queryClient.getQueryData(['product', '7'])).toEqual({ id: 7 });
    expect(queryClient.getQueryState(['product', '7'])!.dataUpdatedAt).toBeGreaterThan(old);
  });

  it('a page rendered in the browser (no block, or an unreadable one) is not hydrated', () => {
    expect(takeServerState(pageWith(null))).toBeNull();
    expect(takeServerState(pageWith('{not json'))).toBeNull();
  });
});
