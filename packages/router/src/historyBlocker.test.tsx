import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { BrowserRouter, leaveBy, Link, Route, Routes, useHistoryBlocker } from './index';

function Form({ guarded }: { guarded: boolean }) {
  const [asked, setAsked] = useState<number | null>(null);
  useHistoryBlocker(guarded, setAsked);
  return (
    <>
      <h1>Form</h1>
      {asked !== null && <p>asked to go {asked}</p>}
    </>
  );
}

function renderStore(guarded: boolean) {
  window.history.replaceState(null, '', '/');
  render(
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<Link to="/form">Open the form</Link>} />
        <Route path="/form" element={<Form guarded={guarded} />} />
      </Routes>
    </BrowserRouter>,
  );
}

describe('useHistoryBlocker', () => {
  it('holds Back on a guarded screen, says how far the visitor asked to go, and leaveBy takes those steps', async () => {
    renderStore(true);
    await userEvent.click(screen.getByRole('link', { name: 'Open the form' }));
    expect(screen.getByRole('heading', { name: 'Form' })).toBeInTheDocument();

    act(() => window.history.back());
    expect(await screen.findByText('asked to go -1')).toBeInTheDocument();
    // Stepped back to the form's own entry; the router never saw the traversal.
    await waitFor(() => expect(window.location.pathname).toBe('/form'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(window.location.pathname).toBe('/form');
    expect(screen.getByRole('heading', { name: 'Form' })).toBeInTheDocument();

    act(() => leaveBy(-1));
    expect(await screen.findByRole('link', { name: 'Open the form' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
  });

  it('lets Back through when the screen does not ask', async () => {
    renderStore(false);
    await userEvent.click(screen.getByRole('link', { name: 'Open the form' }));
    act(() => window.history.back());
    expect(await screen.findByRole('link', { name: 'Open the form' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
  });
});
