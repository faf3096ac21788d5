import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@store/router';
import { Pagination, pagesAround } from './Pagination';
import { UiProvider } from './UiProvider';

const wrap = (ui: React.ReactNode) =>
  render(
    <UiProvider>
      <MemoryRouter>{ui}</MemoryRouter>
    </UiProvider>,
  );

describe('Pagination', () => {
  it('as links: each page is a URL, the current one marked, Previous dead on the first page', () => {
    wrap(<Pagination meta={{ page: 1, total_pages: 7 }} hrefFor={(p) => `/products?page=${p}`} />);
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByText('Page 1 of 7')).toBeInTheDocument();
    expect(within(pager).queryByRole('link', { name: 'Previous' })).not.toBeInTheDocument();
    expect(within(pager).getByText('Previous')).toHaveAttribute('aria-disabled', 'true');
    expect(within(pager).getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(
      within(pager)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([...[1, 2, 3, 4, 5].map((p) => `/products?page=${p}`), '/products?page=2']);
  });

  it('as buttons: reports the page asked for, says how many items, and stops at the last page', async () => {
    const asked: number[] = [];
    const user = userEvent.setup();
    wrap(<Pagination meta={{ page: 3, total_pages: 3, total: 41 }} noun="products" onPage={(p) => asked.push(p)} />);
    expect(screen.getByText('Page 3 of 3 · 41 products')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(asked).toEqual([2, 1]);
  });

  it('shows at most five page numbers around the current one', () => {
    expect(pagesAround(1, 2)).toEqual([1, 2]);
    expect(pagesAround(6, 20)).toEqual([4, 5, 6, 7, 8]);
    expect(pagesAround(20, 20)).toEqual([16, 17, 18, 19, 20]);
  });
});
