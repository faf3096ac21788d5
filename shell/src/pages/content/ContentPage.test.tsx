import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from '@store/router';
import { renderWithProviders } from '@store/testing';
import { ContentPage } from './ContentPage';
import { renderMarkdown } from './markdown';
import { contentPages } from './pages';
import { contentSlugs } from './slugs';

const md = (source: string) =>
  render(
    <MemoryRouter>
      <div data-testid="out">{renderMarkdown(source)}</div>
    </MemoryRouter>,
  );

describe('renderMarkdown', () => {
  it('renders headings, paragraphs, lists, tables, emphasis and links as elements', () => {
    md(
      [
        '# Title',
        'A **bold** and _quiet_ line',
        'that continues.',
        '',
        '## Part',
        '- one [FAQ](/faq)',
        '- two',
        '',
        '1. first',
        '2. second',
        '',
        '| A | B |',
        '| --- | --- |',
        '| 1 | 2 |',
        '',
        'Mail [us](mailto:a@b.c), not [this](javascript:alert(1)).',
      ].join('\n'),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Title' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Part' })).toBeInTheDocument();
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(screen.getByText('quiet').tagName).toBe('EM');
    expect(screen.getByText(/that continues\./)).toBeInTheDocument();
    const lists = screen.getAllByRole('list');
    expect(lists[0]!.tagName).toBe('UL');
    expect(lists[1]!.tagName).toBe('OL');
    expect(within(lists[1]!).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
    expect(screen.getByRole('columnheader', { name: 'A' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '2' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'us' })).toHaveAttribute('href', 'mailto:a@b.c');
    // Anything but a path, http(s) or mailto stays text: no script links.
    expect(screen.queryByRole('link', { name: 'this' })).not.toBeInTheDocument();
    expect(screen.getByText(/not this/)).toBeInTheDocument();
  });

  it('keeps markup in the text as text', () => {
    md('Hello <img src=x onerror=alert(1)>');
    expect(screen.getByTestId('out').querySelector('img')).toBeNull();
    expect(screen.getByText('Hello <img src=x onerror=alert(1)>')).toBeInTheDocument();
  });
});

describe('ContentPage', () => {
  it.each(contentSlugs)('/%s shows its Markdown with its own heading and document title', async (slug) => {
    renderWithProviders(<ContentPage slug={slug} />, { route: `/${slug}` });
    const title = contentPages[slug].title;
    await waitFor(() => expect(screen.getByRole('article')).toHaveAttribute('aria-busy', 'false'));
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(document.title).toBe(`${title} · Store`);
    // The real text, not the placeholder: every page has a second-level heading or a list.
    expect(screen.getByRole('article').querySelectorAll('h2, li, p').length).toBeGreaterThan(2);
  });
});
