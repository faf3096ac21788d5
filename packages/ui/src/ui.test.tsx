import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useToasterStore } from 'react-hot-toast';
import { Dialog } from './Dialog';
import { MemoryRouter } from '@store/router';
import { Button, EmptyState, FormField, Input } from './primitives';
import { Price } from './Price';
import { StoreToaster, TOAST_LIMIT } from './Toaster';
import { toast } from './toast';
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
  const field = (props: { error?: string; hint?: string }, control = <Input id="e" />) =>
    render(
      <UiProvider>
        <FormField label="Email" htmlFor="e" {...props}>
          {control}
        </FormField>
      </UiProvider>,
    );

  it('labels its control, announces its error and ties the error to the control itself', () => {
    field({ error: 'Email is required', hint: 'Your sign-in' });
    expect(screen.getByRole('alert')).toHaveTextContent('Email is required');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('without an error, describes the control with its hint and does not mark it invalid', () => {
    field({ hint: 'Your sign-in' });
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Your sign-in');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
  });

  it("keeps the control's own description first", () => {
    render(
      <UiProvider>
        <p id="why">We never share it</p>
        <FormField label="Email" htmlFor="e" error="Email is invalid">
          <Input id="e" aria-describedby="why" />
        </FormField>
      </UiProvider>,
    );
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('We never share it Email is invalid');
  });

  it('leaves a child that is not the control (a wrapper) alone', () => {
    field(
      { error: 'Email is required' },
      <div data-wrapper>
        <Input id="e" />
      </div>,
    );
    expect(document.querySelector('[data-wrapper]')).not.toHaveAttribute('aria-describedby');
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
    expect(await screen.findByText('Message 24')).toBeInTheDocument();
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

describe('EmptyState', () => {
  it('is a region named by its title that offers a link on, primary when asked', () => {
    render(
      <UiProvider>
        <MemoryRouter>
          <EmptyState
            title="Your cart is empty"
            description="Find something you love."
            link={{ to: '/products', label: 'Continue shopping', primary: true }}
          />
          <EmptyState title="Product not found" link={{ to: '/admin/products', label: 'Back to products' }} />
        </MemoryRouter>
      </UiProvider>,
    );
    const cart = screen.getByRole('region', { name: 'Your cart is empty' });
    expect(cart).toHaveTextContent('Find something you love.');
    const shop = screen.getByRole('link', { name: 'Continue shopping' });
    expect(shop).toHaveAttribute('href', '/products');
    const back = screen.getByRole('link', { name: 'Back to products' });
    expect(back).toHaveAttribute('href', '/admin/products');
    // The two variants are drawn differently (primary is the filled one).
    expect(getComputedStyle(shop).backgroundColor).not.toBe(getComputedStyle(back).backgroundColor);
  });
});
