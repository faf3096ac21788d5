import { setTimeout as realSleep } from 'node:timers/promises';
import { useState, type FormEvent } from 'react';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryClient } from '@store/http';
import {
  closeTestServer,
  currentLocation,
  renderWithProviders,
  startApi,
  waitInRealTime,
  type TestApi,
} from '@store/testing';
import { ProductSuggest, SUGGEST_DEBOUNCE_MS } from './ProductSuggest';

const suggestion = (id: number, name: string, min_price: string, price_varies = false) => ({
  id,
  name,
  category: 'Shoes',
  image: `/api/media/products/${id}/1.svg`,
  min_price,
  price_varies,
});
const SNEAKERS = [
  suggestion(11, 'Court Canvas Sneakers', '59.00'),
  suggestion(12, 'Trail Knit Sneakers', '75.99', true),
  suggestion(13, 'Retro Suede Sneakers', '99.00'),
];

let server: TestApi;
beforeEach(async () => {
  queryClient.clear();
  server = await startApi((req) => {
    const url = new URL(req.url ?? '', 'http://x');
    if (url.pathname !== '/api/products/suggest') return { status: 404 };
    const q = url.searchParams.get('q') ?? '';
    return { status: 200, body: { data: 'sneakers'.startsWith(q) || q === 'snek' ? SNEAKERS : [] } };
  });
});
afterEach(async () => {
  jest.useRealTimers();
  await closeTestServer(server);
});

/** A host like the store's search boxes: its own form and input, searching on submit. */
function Host() {
  const [term, setTerm] = useState('');
  const [searched, setSearched] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearched(term);
  };
  return (
    <>
      <form role="search" onSubmit={submit}>
        <ProductSuggest term={term} onTermChange={setTerm}>
          {(input) => <input type="search" aria-label="Search products" {...input} />}
        </ProductSuggest>
      </form>
      <p>Searched: {searched}</p>
      <button type="button">Elsewhere</button>
    </>
  );
}

const box = () => screen.getByRole('combobox', { name: 'Search products' });
const suggestCalls = () => server.calls().filter((c) => c.startsWith('GET /api/products/suggest'));

async function typeAndSettle(text: string) {
  const user = userEvent.setup();
  renderWithProviders(<Host />);
  await user.type(box(), text);
  await screen.findByRole('listbox', { name: 'Suggested products' });
  return user;
}

describe('ProductSuggest', () => {
  it('asks once, 250 ms after typing pauses, and shows name, thumbnail and price', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderWithProviders(<Host />);
    await user.type(box(), 'snek');
    act(() => jest.advanceTimersByTime(SUGGEST_DEBOUNCE_MS - 1));
    // Long enough, in real time, for a request to reach the loopback server had one been sent.
    await act(() => realSleep(150));
    expect(suggestCalls()).toEqual([]);
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    act(() => jest.advanceTimersByTime(1));
    // The query cache tells the page about its answer on a timer of its own: real time from here.
    jest.useRealTimers();
    await waitInRealTime(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    // One request for the paused term, none for 's', 'sn' or 'sne' typed on the way.
    expect(suggestCalls()).toEqual(['GET /api/products/suggest?q=snek&limit=6']);
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(box()).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);
    const second = screen.getByRole('option', { name: /Trail Knit Sneakers/ });
    expect(second).toHaveTextContent('From $75.99');
    expect(second.querySelector('img')).toHaveAttribute('src', expect.stringContaining('/api/media/products/12/1.svg'));
    expect(screen.getByRole('option', { name: /Court Canvas Sneakers/ })).toHaveTextContent('$59.00');
  });

  it('moves with ↓/↑ (aria-activedescendant) and opens the highlighted product on Enter', async () => {
    const user = await typeAndSettle('snek');
    expect(box()).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const options = screen.getAllByRole('option');
    expect(box()).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(box()).toHaveAttribute('aria-activedescendant', options[0]!.id);
    // Up from the first returns to the field itself; down from there to the first again.
    await user.keyboard('{ArrowUp}');
    expect(box()).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(currentLocation()).toBe('/products/12');
    expect(screen.getByText('Searched:')).toHaveTextContent(/^Searched:$/);
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });

  it('searches as usual on Enter with nothing highlighted', async () => {
    const user = await typeAndSettle('snek');
    await user.keyboard('{Enter}');
    expect(screen.getByText(/Searched:/)).toHaveTextContent('Searched: snek');
    expect(currentLocation()).toBe('/');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape keeping the text, and reopens with ↓', async () => {
    const user = await typeAndSettle('snek');
    await user.keyboard('{Escape}');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box()).toHaveValue('snek');
    await user.keyboard('{ArrowDown}');
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(box()).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[0]!.id);
  });

  it('closes on a click outside, and opens a product on a click', async () => {
    const user = await typeAndSettle('snek');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    await user.click(box());
    await user.keyboard('{ArrowDown}');
    await user.click(screen.getByRole('option', { name: /Retro Suede Sneakers/ }));
    expect(currentLocation()).toBe('/products/13');
  });

  it('suggests nothing for one letter or a term with no match', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Host />);
    await user.type(box(), 'q');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, SUGGEST_DEBOUNCE_MS + 100));
    });
    expect(suggestCalls()).toEqual([]);
    await user.type(box(), 'qq');
    await waitInRealTime(() => expect(suggestCalls()).toEqual(['GET /api/products/suggest?q=qqq&limit=6']));
    await waitInRealTime(() => expect(queryClient.isFetching()).toBe(0));
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });
});
