import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import toast, { useToasterStore } from 'react-hot-toast';
import { Dialog } from './Dialog';
import { Button, FormField, Input } from './primitives';
import { Price } from './Price';
import { StoreToaster, TOAST_LIMIT } from './Toaster';
import { UiProvider } from './UiProvider';

function DialogHarness() {
  const [open, setOpen] = useState(false);
  return (
    <UiProvider>
      <button onClick={() => setOpen(true)}>Open</button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Welcome Back" description="Sign in">
        <label htmlFor="email">Email</label>
        <input id="email" />
      </Dialog>
    </UiProvider>
  );
}

describe('Dialog', () => {
  it('is a labelled modal that takes focus, closes on Escape and gives focus back', async () => {
    const user = userEvent.setup();
    render(<DialogHarness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Welcome Back' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes from its close button', async () => {
    const user = userEvent.setup();
    render(<DialogHarness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('FormField', () => {
  it('labels its control and announces its error', () => {
    render(
      <UiProvider>
        <FormField label="Email" htmlFor="e" error="Email is required">
          <Input id="e" aria-invalid="true" aria-describedby="e-error" />
        </FormField>
      </UiProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Email is required');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
  });
});

describe('Price', () => {
  it('strikes the regular price through on sale', () => {
    render(
      <UiProvider>
        <Price cents={1500} regularCents={2000} />
      </UiProvider>,
    );
    expect(screen.getByText('$15.00')).toBeInTheDocument();
    expect(screen.getByText('$20.00').tagName).toBe('S');
  });
  it('shows a single price otherwise', () => {
    render(
      <UiProvider>
        <Price cents={2000} regularCents={2000} />
      </UiProvider>,
    );
    expect(screen.getByText('$20.00').tagName).not.toBe('S');
    expect(screen.queryByText(/Was/)).not.toBeInTheDocument();
  });
});

function VisibleCount() {
  const { toasts } = useToasterStore();
  return <output aria-label="visible toasts">{toasts.filter((t) => t.visible).length}</output>;
}

describe('StoreToaster', () => {
  it(`keeps at most ${TOAST_LIMIT} toasts visible, dismissing the oldest`, async () => {
    render(
      <UiProvider>
        <StoreToaster />
        <VisibleCount />
      </UiProvider>,
    );
    act(() => {
      for (let i = 0; i < 25; i++) toast(`Message ${i}`);
    });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(screen.getByLabelText('visible toasts')).toHaveTextContent(String(TOAST_LIMIT));
    expect(screen.getByText('Message 24')).toBeInTheDocument();
  });
});

describe('Button', () => {
  it('is type="button" as a button, and has no type when rendered as a link', () => {
    render(
      <UiProvider>
        <Button>Plain</Button>
        <Button type="submit">Send</Button>
        <Button as="a" href="/">
          Home
        </Button>
      </UiProvider>,
    );
    expect(screen.getByRole('button', { name: 'Plain' })).toHaveAttribute('type', 'button');
    expect(screen.getByRole('button', { name: 'Send' })).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('type');
  });
});
