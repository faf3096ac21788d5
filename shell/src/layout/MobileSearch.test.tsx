import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from '@store/router';
import { currentLocation, renderWithProviders } from '@store/testing';
import { MobileSearch } from './MobileSearch';

// The box is mobile-only (display:none on wider screens, and jsdom applies no media queries), so it is
// found by its placeholder rather than by role.
const searchBox = () => screen.getByPlaceholderText<HTMLInputElement>('Search products');

function renderSearch(route = '/') {
  renderWithProviders(
    <>
      <MobileSearch />
      {/* Another screen (the catalog, say) that puts a search in the address. */}
      <Link to="/products?category=all&search=summer">Summer sale</Link>
    </>,
    { route },
  );
  return userEvent.setup();
}

describe('MobileSearch (SPEC.md section 2)', () => {
  it('goes to /products?category=all&search={trimmed term} and clears the box', async () => {
    const user = renderSearch();
    await user.type(searchBox(), '  red shoes {Enter}');
    expect(currentLocation()).toBe('/products?category=all&search=red%20shoes');
    expect(searchBox()).toHaveValue('');
  });

  it('clears the box after a second search too', async () => {
    const user = renderSearch('/products?category=all&search=hats');
    await user.clear(searchBox());
    await user.type(searchBox(), 'boots{Enter}');
    expect(currentLocation()).toBe('/products?category=all&search=boots');
    expect(searchBox()).toHaveValue('');
  });

  it.each([[''], ['   ']])('ignores an empty or whitespace-only term (%j)', async (term) => {
    const user = renderSearch('/cart');
    await user.type(searchBox(), `${term}{Enter}`);
    expect(currentLocation()).toBe('/cart');
  });

  it('is prefilled from the search query parameter', () => {
    renderSearch('/products?category=all&search=summer%20dress');
    expect(searchBox()).toHaveValue('summer dress');
  });

  it('follows the search query parameter when another screen changes it', async () => {
    const user = renderSearch('/products?category=all&search=hats');
    await user.clear(searchBox());
    await user.type(searchBox(), 'boots{Enter}');
    expect(searchBox()).toHaveValue('');
    await user.click(screen.getByRole('link', { name: 'Summer sale' }));
    expect(currentLocation()).toBe('/products?category=all&search=summer');
    expect(searchBox()).toHaveValue('summer');
  });
});
