import { act, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StoreEmbedEventDetail } from '@store/contracts';
import { closeTestServer, productCard, resetSession, startApi, type TestApi } from '@store/testing';
import { listResponse } from '../testing/catalogApi';
import { mountElement, type ElementHandle } from '../exposed/embed';

const KEY = 'pk_test_key_0123456789';
const lamp = productCard({ id: 7, name: 'Trail Lamp', category: 'Outdoor', min_price: '24.00' });
const flask = productCard({ id: 8, name: 'Trail Flask', category: 'Outdoor', min_price: '18.50' });

let api: TestApi;
let host: HTMLElement;
let handle: ElementHandle | undefined;
let events: { type: string; detail: StoreEmbedEventDetail; composed: boolean }[];

/** The store's embed routes on loopback; `refuse` answers every read as the API refuses an origin. */
async function startStore(refuse = false) {
  return startApi(async (req) => {
    const path = new URL(req.url ?? '/', 'http://test').pathname;
    if (refuse) {
      return {
        status: 403,
        body: { code: 'origin_not_allowed', detail: `The key ${KEY} does not allow pages on http://localhost.` },
      };
    }
    if (req.method === 'GET' && path === `/api/embed/${KEY}/products`)
      return { status: 200, body: listResponse([lamp, flask]) };
    if (req.method === 'POST' && path === `/api/embed/${KEY}/handoffs`) {
      return {
        status: 201,
        body: {
          id: 'h1',
          url: 'http://store.test/handoff/h1',
          product_id: 7,
          variant_id: 70,
          price: '24.00',
          currency: 'USD',
        },
      };
    }
    return { status: 404, body: { detail: 'Not found.' } };
  });
}

function mountGrid() {
  const shadow = host.attachShadow({ mode: 'open' });
  act(() => {
    handle = mountElement(shadow, {
      host,
      tag: '<store-products>',
      storeUrl: new URL(api.baseURL).origin,
      key: KEY,
      view: 'products',
      limit: 2,
    });
  });
  return within(shadow as unknown as HTMLElement);
}

const record = (event: Event) =>
  events.push({ type: event.type, detail: (event as CustomEvent).detail, composed: event.composed });

beforeEach(() => {
  // An integrator's page: the element, and its listeners on the document.
  host = document.createElement('store-products');
  document.body.appendChild(host);
  events = [];
  for (const type of ['store:view-item', 'store:add-to-cart', 'store:buy']) document.addEventListener(type, record);
});
afterEach(async () => {
  act(() => handle?.unmount());
  handle = undefined;
  host.remove();
  for (const type of ['store:view-item', 'store:add-to-cart', 'store:buy']) document.removeEventListener(type, record);
  await closeTestServer(api);
  resetSession();
  jest.restoreAllMocks();
});

describe('mountElement (an embed element)', () => {
  it('renders the key’s products in the shadow root, its styles there too, and tells the page what was viewed', async () => {
    api = await startStore();
    const shadow = mountGrid();
    expect(await shadow.findByRole('article', { name: 'Trail Lamp' })).toBeInTheDocument();
    expect(shadow.getByRole('article', { name: 'Trail Flask' })).toBeInTheDocument();
    // Nothing in the page's own DOM; the styles are injected into the shadow root, not the document head.
    expect(document.body.querySelector('article')).toBeNull();
    expect(host.shadowRoot!.querySelector('style')).not.toBeNull();
    expect(api.calls()).toEqual([`GET /api/embed/${KEY}/products?limit=2`]);
    expect(events.map((e) => [e.type, e.detail.product.name, e.detail.price, e.detail.currency, e.composed])).toEqual([
      ['store:view-item', 'Trail Lamp', '24.00', 'USD', true],
      ['store:view-item', 'Trail Flask', '18.50', 'USD', true],
    ]);
  });

  it('a page that cancels store:add-to-cart keeps the item itself: no hand-off', async () => {
    api = await startStore();
    const shadow = mountGrid();
    host.addEventListener('store:add-to-cart', (event) => event.preventDefault());
    await userEvent.click(await shadow.findByRole('button', { name: 'Add Trail Lamp to cart' }));
    expect(events.filter((e) => e.type !== 'store:view-item').map((e) => e.type)).toEqual(['store:add-to-cart']);
    expect(api.calls()).not.toContain(`POST /api/embed/${KEY}/handoffs`);
  });

  it('otherwise starts a hand-off and sends store:buy with the variant the store chose', async () => {
    api = await startStore();
    const shadow = mountGrid();
    // jsdom does not navigate: the hand-off page's URL is what matters here.
    jest.spyOn(console, 'error').mockImplementation(() => {});
    await userEvent.click(await shadow.findByRole('button', { name: 'Add Trail Lamp to cart' }));
    await act(async () => {
      await new Promise<void>((resolve) => document.addEventListener('store:buy', () => resolve(), { once: true }));
    });
    expect(api.bodyOf(`POST /api/embed/${KEY}/handoffs`)).toEqual({ product_id: 7 });
    expect(events.find((e) => e.type === 'store:buy')!.detail).toMatchObject({
      variant: { id: 70 },
      price: '24.00',
      key: KEY,
    });
  });

  it('a refused origin: a short message in the element, and the API’s reason in the console', async () => {
    api = await startStore(true);
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    const shadow = mountGrid();
    expect(
      await shadow.findByText('This site (http://localhost) is not allowed to show these products.'),
    ).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith(`<store-products>: The key ${KEY} does not allow pages on http://localhost.`);
  });
});
