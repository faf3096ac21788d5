import { PAGE_SIZE, activeFilterCount, queryFromUrl, withChanges } from './listParams';

const url = (search: string) => new URLSearchParams(search);

describe('queryFromUrl', () => {
  it('turns a plain URL into the default query: newest first, page 1, no filters', () => {
    expect(queryFromUrl(url(''))).toEqual({
      search: undefined,
      category: undefined,
      min_price: undefined,
      max_price: undefined,
      on_sale: undefined,
      in_stock: undefined,
      featured: undefined,
      sort: 'newest',
      page: 1,
      page_size: PAGE_SIZE,
    });
  });

  it('takes the category from the path first, else from ?category', () => {
    expect(queryFromUrl(url('category=Hats'), 'Shoes').category).toBe('Shoes');
    expect(queryFromUrl(url('category=Hats')).category).toBe('Hats');
  });

  it("treats the category 'all' as no category (the categories menu links to ?category=all)", () => {
    expect(queryFromUrl(url('category=all')).category).toBeUndefined();
    expect(queryFromUrl(url(''), 'all').category).toBeUndefined();
  });

  it('keeps a known sort and falls back to newest for anything else', () => {
    expect(queryFromUrl(url('sort=price_desc')).sort).toBe('price_desc');
    expect(queryFromUrl(url('sort=name')).sort).toBe('name');
    expect(queryFromUrl(url('sort=cheapest')).sort).toBe('newest');
    expect(queryFromUrl(url('sort=')).sort).toBe('newest');
  });

  it("keeps the home page's featured filter ('View all' under Featured)", () => {
    expect(queryFromUrl(url('featured=true')).featured).toBe(true);
  });

  it('orders a search by best match unless the shopper chose an order', () => {
    expect(queryFromUrl(url('search=boots')).sort).toBe('relevance');
    expect(queryFromUrl(url('search=boots&sort=price_asc')).sort).toBe('price_asc');
    expect(queryFromUrl(url('sort=relevance')).sort).toBe('newest');
  });

  it.each([
    ['page=3', 3],
    ['page=2.7', 2],
    ['page=0', 1],
    ['page=-4', 1],
    ['page=abc', 1],
    ['page=', 1],
    ['page=Infinity', 1],
    ['page=99999999', 10_000],
  ])('reads %s as page %d', (search, page) => {
    expect(queryFromUrl(url(search)).page).toBe(page);
  });

  it('reads prices as non-negative numbers and drops bad ones', () => {
    expect(queryFromUrl(url('min_price=10&max_price=99.5'))).toMatchObject({ min_price: 10, max_price: 99.5 });
    expect(queryFromUrl(url('min_price=0'))).toMatchObject({ min_price: 0 });
    expect(queryFromUrl(url('min_price=-5&max_price=ten'))).toMatchObject({
      min_price: undefined,
      max_price: undefined,
    });
    expect(queryFromUrl(url('min_price=%20&max_price=NaN'))).toMatchObject({
      min_price: undefined,
      max_price: undefined,
    });
    // The API refuses prices above 1,000,000: a bigger number means "no more than the most".
    expect(queryFromUrl(url('max_price=5e9')).max_price).toBe(1_000_000);
  });

  it('reads on_sale and in_stock only when they are exactly true', () => {
    expect(queryFromUrl(url('on_sale=true&in_stock=true'))).toMatchObject({ on_sale: true, in_stock: true });
    expect(queryFromUrl(url('on_sale=1&in_stock=yes'))).toMatchObject({ on_sale: undefined, in_stock: undefined });
  });

  it('trims the search and ignores a blank one', () => {
    expect(queryFromUrl(url('search=%20%20boots%20')).search).toBe('boots');
    expect(queryFromUrl(url('search=%20%20')).search).toBeUndefined();
  });
});

describe('withChanges', () => {
  it('sets and removes parameters without touching the original', () => {
    const params = url('sort=name&on_sale=true');
    const next = withChanges(params, { on_sale: null, in_stock: 'true', sort: '' });
    expect(next.toString()).toBe('in_stock=true');
    expect(params.toString()).toBe('sort=name&on_sale=true');
  });

  it('goes back to page 1 when a filter changes', () => {
    expect(withChanges(url('on_sale=true&page=4'), { sort: 'price_asc' }).toString()).toBe(
      'on_sale=true&sort=price_asc',
    );
    expect(withChanges(url('page=4&search=hat'), { search: null }).toString()).toBe('');
  });

  it('keeps other filters when only the page changes', () => {
    expect(withChanges(url('on_sale=true&page=4'), { page: '5' }).toString()).toBe('on_sale=true&page=5');
    expect(withChanges(url('on_sale=true&page=4'), { page: null }).toString()).toBe('on_sale=true');
  });
});

describe('activeFilterCount', () => {
  it('counts the category, the price range (once), sale, stock and featured; not the search', () => {
    expect(activeFilterCount(queryFromUrl(url('search=hat')))).toBe(0);
    expect(activeFilterCount(queryFromUrl(url('category=all')))).toBe(0);
    expect(activeFilterCount(queryFromUrl(url(''), 'Shoes'))).toBe(1);
    expect(activeFilterCount(queryFromUrl(url('min_price=10&max_price=20&on_sale=true'), 'Shoes'))).toBe(3);
    expect(activeFilterCount(queryFromUrl(url('in_stock=true&featured=true&max_price=5')))).toBe(3);
  });
});
