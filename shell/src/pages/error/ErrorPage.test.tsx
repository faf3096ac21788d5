import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, waitInRealTime } from '@store/testing';
import { ErrorPage, type ErrorPageProps } from './ErrorPage';
import { errorCopy, type ErrorType } from './errorTypes';

const ERROR_ID = /^ERR-\d{13}-[0-9A-Z]{9}$/;

function renderErrorPage(props: ErrorPageProps = {}) {
  renderWithProviders(<ErrorPage {...props} />);
}

const errorId = () => screen.getByText(ERROR_ID).textContent!;
/**
 * jsdom cannot load documents: it reports each attempt (a reload here) as an error "Not implemented:
 * navigation" (created in jsdom's realm, so matched by its message rather than with instanceof).
 */
const reloads = (consoleError: jest.SpyInstance) =>
  consoleError.mock.calls.filter(([e]) =>
    String((e as Error | undefined)?.message).startsWith('Not implemented: navigation'),
  ).length;

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('ErrorPage (SPEC.md section 2)', () => {
  it.each(['server', 'network', 'timeout', 'forbidden', 'payment', 'maintenance', 'general'] as ErrorType[])(
    'shows the %s type with its own title, subtitle, description and suggestions',
    (type) => {
      renderErrorPage({ type });
      const copy = errorCopy[type];
      expect(screen.getByRole('heading', { level: 1, name: copy.title })).toBeInTheDocument();
      expect(screen.getByText(copy.subtitle)).toBeInTheDocument();
      expect(screen.getByText(copy.description)).toBeInTheDocument();
      for (const suggestion of copy.suggestions) expect(screen.getByText(suggestion)).toBeInTheDocument();
    },
  );

  it.each([
    [500, 'server'],
    [408, 'timeout'],
    [403, 'forbidden'],
    [503, 'maintenance'],
  ] as const)('a %i status shows the %s page', (statusCode, type) => {
    renderErrorPage({ statusCode });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(errorCopy[type].title);
    expect(screen.getByText(`${errorCopy[type].subtitle} (${statusCode})`)).toBeInTheDocument();
  });

  it('shows a generated error ID ERR-{time}-{random}', () => {
    jest.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    renderErrorPage();
    expect(errorId()).toMatch(/^ERR-1700000000000-[0-9A-Z]{9}$/);
  });

  it('Copy puts the ID on the clipboard and confirms for 2 s', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderErrorPage();
    await user.click(screen.getByRole('button', { name: 'Copy' }));

    await waitInRealTime(() => expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument());
    await expect(navigator.clipboard.readText()).resolves.toBe(errorId());
    act(() => jest.advanceTimersByTime(1999));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('copying again shows the confirmation for 2 s from the latest copy', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderErrorPage();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await waitInRealTime(() => expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument());
    act(() => jest.advanceTimersByTime(1500));
    await user.click(screen.getByRole('button', { name: 'Copied!' }));
    await waitInRealTime(() => expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument());

    act(() => jest.advanceTimersByTime(1999));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('Try Again waits 2 s, then reloads when the simulated retry succeeds (about 70%)', async () => {
    jest.useFakeTimers();
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderErrorPage({ type: 'server' });
    jest.spyOn(Math, 'random').mockReturnValue(0.69);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));

    expect(screen.getByRole('button', { name: 'Retrying…' })).toBeDisabled();
    act(() => jest.advanceTimersByTime(1999));
    expect(reloads(consoleError)).toBe(0);
    act(() => jest.advanceTimersByTime(1));
    expect(reloads(consoleError)).toBe(1);
  });

  it('Try Again does not reload when the simulated retry fails (about 30%), and says so', async () => {
    jest.useFakeTimers();
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderErrorPage({ type: 'server' });
    jest.spyOn(Math, 'random').mockReturnValue(0.7);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    act(() => jest.advanceTimersByTime(2000));

    expect(reloads(consoleError)).toBe(0);
    expect(screen.getByRole('alert')).toHaveTextContent('The retry did not work');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeEnabled();
  });

  it('technical details are collapsed until expanded', async () => {
    const user = userEvent.setup();
    renderErrorPage({ statusCode: 503, error: new Error('Upstream is down') });
    const summary = screen.getByText('Technical details');
    const details = summary.closest('details')!;
    expect(details).not.toHaveAttribute('open');

    await user.click(summary);
    expect(details).toHaveAttribute('open');
    expect(details).toHaveTextContent(`Error ID: ${errorId()}`);
    expect(details).toHaveTextContent('Type: maintenance');
    expect(details).toHaveTextContent('Status: 503');
    expect(details).toHaveTextContent('Error: Upstream is down');
  });

  it('Go Back goes back in history', async () => {
    window.history.pushState({}, '', '/broken');
    const user = userEvent.setup();
    renderErrorPage();
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });

  it('links to the homepage, a report, support, the help center and the status page', () => {
    renderErrorPage();
    expect(screen.getByRole('link', { name: 'Homepage' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Report' }).getAttribute('href')).toMatch(
      new RegExp(`^mailto:.+\\?subject=Error%20report%20${errorId()}`),
    );
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('link', { name: 'Help Center' })).toHaveAttribute('href', '/help');
    expect(screen.getByRole('link', { name: 'Status Page' })).toHaveAttribute('href', '/status');
  });
});
