import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@store/router';
import type { SupportMessage } from '@store/contracts';
import { StoreToaster } from '@store/ui';
import { closeTestServer, resetSession, signIn, startApi, type TestApi } from '@store/testing';
import { renderAt } from '../../testing/renderAt';
import { replyLink, SupportPage, toMessageStatus } from './SupportPage';

const message = (overrides: Partial<SupportMessage>): SupportMessage => ({
  id: 1,
  email: 'visitor@example.com',
  inquiry_type: 'Order Support',
  subject: 'Gift wrapping',
  message: 'Can you gift-wrap my order?\nIt is a present.',
  status: 'OPEN',
  created_at: '2026-03-01T10:00:00Z',
  customer: null,
  ...overrides,
});

let server: TestApi;
let inbox: SupportMessage[];

beforeEach(async () => {
  inbox = [
    message({}),
    message({
      id: 2,
      email: 'jane@example.com',
      inquiry_type: 'Returns & Refunds',
      subject: '',
      status: 'ANSWERED',
      customer: { id: 7, name: 'Jane Doe' },
    }),
  ];
  server = await startApi((req, raw) => {
    const url = new URL(req.url ?? '', 'http://x');
    if (req.method === 'GET' && url.pathname === '/api/admin/support/messages') {
      const status = url.searchParams.get('status');
      const data = inbox.filter((m) => !status || m.status === status);
      return { status: 200, body: { data, meta: { page: 1, page_size: 20, total: data.length, total_pages: 1 } } };
    }
    const patch = /^\/api\/admin\/support\/messages\/(\d+)$/.exec(url.pathname);
    if (req.method === 'PATCH' && patch) {
      const { status } = JSON.parse(raw) as { status: SupportMessage['status'] };
      inbox = inbox.map((m) => (m.id === Number(patch[1]) ? { ...m, status } : m));
      return { status: 200, body: inbox.find((m) => m.id === Number(patch[1])) };
    }
    return { status: 404, body: { detail: 'Not found.' } };
  });
  signIn('ADMIN');
});
afterEach(async () => {
  await closeTestServer(server);
  resetSession();
});

const renderPage = (path = '/admin/support') =>
  renderAt(
    path,
    <>
      <StoreToaster />
      <Routes>
        <Route path="/admin/support" element={<SupportPage />} />
      </Routes>
    </>,
  );

describe('SupportPage', () => {
  it('reads the filter from the address and writes a reply link about the same topic', () => {
    expect(toMessageStatus('open')).toBe('OPEN');
    expect(toMessageStatus('answered')).toBe('ANSWERED');
    expect(toMessageStatus('')).toBeUndefined();
    expect(replyLink(message({}))).toBe('mailto:visitor@example.com?subject=Re%3A%20Gift%20wrapping');
    expect(replyLink(message({ subject: '', inquiry_type: 'Returns & Refunds' }))).toBe(
      'mailto:visitor@example.com?subject=Re%3A%20Returns%20%26%20Refunds',
    );
  });

  it('lists messages with sender, subject and status', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Support messages' }, { timeout: 5000 });
    const visitor = within(table).getByRole('row', { name: /Gift wrapping/ });
    expect(visitor).toHaveTextContent('Visitor');
    expect(visitor).toHaveTextContent('visitor@example.com');
    expect(visitor).toHaveTextContent('Open');
    const jane = within(table).getByRole('row', { name: /Jane Doe/ });
    expect(jane).toHaveTextContent('Returns & Refunds');
    expect(jane).toHaveTextContent('Answered');
    expect(document.title).toBe('Support · Admin · Store');
  });

  it('opens a message whole, marks it answered and reopens it, with a reply link', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Read message: Gift wrapping' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog', { name: 'Gift wrapping' });
    expect(dialog).toHaveTextContent('Can you gift-wrap my order? It is a present.');
    expect(within(dialog).getByRole('link', { name: 'Reply by e-mail' })).toHaveAttribute(
      'href',
      'mailto:visitor@example.com?subject=Re%3A%20Gift%20wrapping',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Mark answered' }));
    expect((await screen.findAllByText('Message marked answered.')).length).toBeGreaterThan(0);
    expect(server.bodyOf('PATCH /api/admin/support/messages/1')).toEqual({ status: 'ANSWERED' });
    expect(within(dialog).getByText('Answered')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    expect((await screen.findAllByText('Message reopened.')).length).toBeGreaterThan(0);
    expect(within(dialog).getByRole('button', { name: 'Mark answered' })).toBeInTheDocument();
  });

  it('filters open or answered messages, in the address', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('table', { name: 'Support messages' }, { timeout: 5000 });
    await user.selectOptions(screen.getByLabelText('Show'), 'Answered');
    expect(screen.getByText('Now at /admin/support?status=answered')).toBeInTheDocument();
    await waitFor(() =>
      expect(server.calls()).toContain('GET /api/admin/support/messages?status=ANSWERED&page=1&page_size=20'),
    );
    await user.selectOptions(screen.getByLabelText('Show'), 'Open');
    expect(await screen.findByText('Now at /admin/support?status=open')).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /Gift wrapping/ })).toBeInTheDocument();
  });
});
