import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memo, Profiler } from 'react';
import { BrowserRouter, Link, MemoryRouter, Route, Routes, useLocation, useNavigate } from './index';

function Where() {
  const location = useLocation();
  return <p>at {location.pathname + location.search}</p>;
}

describe('Link', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));

  it('goes to a whole path of the app on a plain click, with its href, state and onClick', async () => {
    const clicked = jest.fn();
    render(
      <BrowserRouter>
        <Link to="/products?category=all" state={{ from: 'menu' }} onClick={clicked} className="nav">
          All products
        </Link>
        <Where />
      </BrowserRouter>,
    );
    const link = screen.getByRole('link', { name: 'All products' });
    expect(link).toHaveAttribute('href', '/products?category=all');
    expect(link).toHaveClass('nav');
    const before = window.history.length;
    await userEvent.click(link);
    expect(screen.getByText('at /products?category=all')).toBeInTheDocument();
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(window.history.state).toEqual(expect.objectContaining({ usr: { from: 'menu' } }));
    expect(window.history.length).toBe(before + 1);
    // The page already shown: its entry is replaced, not added again (as React Router does).
    await userEvent.click(link);
    expect(window.history.length).toBe(before + 1);
  });

  it('leaves modified clicks, other targets and prevented clicks to the browser', () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        {/* Stops jsdom's own navigation (not implemented) once the link has had its say. */}
        <div onClick={(event) => event.preventDefault()}>
          <Link to="/a">A</Link>
          <Link to="/b" target="_blank">
            B
          </Link>
          <Link to="/c" onClick={(event) => event.preventDefault()}>
            C
          </Link>
        </div>
        <Where />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'A' }), { ctrlKey: true });
    fireEvent.click(screen.getByRole('link', { name: 'B' }));
    fireEvent.click(screen.getByRole('link', { name: 'C' }));
    expect(screen.getByText('at /')).toBeInTheDocument();
  });

  it('resolves a relative link against its route, as React Router does', async () => {
    render(
      <MemoryRouter initialEntries={['/products/7']}>
        <Routes>
          <Route path="/products/:id" element={<Link to="reviews">Reviews</Link>} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Reviews' })).toHaveAttribute('href', '/products/7/reviews');
    await userEvent.click(screen.getByRole('link', { name: 'Reviews' }));
    expect(screen.getByText('at /products/7/reviews')).toBeInTheDocument();
  });

  it('does not render again when the page navigates (a link to a whole path does not read the location)', () => {
    let renders = 0;
    const StaticLink = memo(function StaticLink() {
      return (
        <Profiler id="link" onRender={() => (renders += 1)}>
          <Link to="/cart">Cart</Link>
        </Profiler>
      );
    });
    let navigate: (to: string) => void = () => {};
    function Navigator() {
      navigate = useNavigate();
      return null;
    }
    render(
      <MemoryRouter initialEntries={['/']}>
        <StaticLink />
        <Navigator />
        <Where />
      </MemoryRouter>,
    );
    expect(renders).toBe(1);
    act(() => navigate('/products'));
    expect(screen.getByText('at /products')).toBeInTheDocument();
    expect(renders).toBe(1);
  });
});
