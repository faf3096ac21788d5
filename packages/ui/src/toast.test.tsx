import { act, render, screen } from '@testing-library/react';
import { StoreToaster } from './Toaster';
import { UiProvider } from './UiProvider';
import { toast } from './toast';

// No key or pointer press in this file: react-hot-toast loads with the first toast (see toast-warm.test.tsx).
const toasterOnPage = () => document.querySelector('[data-rht-toaster]');

it('loads react-hot-toast on the first toast and replays the calls made meanwhile, in order, with their ids', async () => {
  render(
    <UiProvider>
      <StoreToaster />
    </UiProvider>,
  );
  expect(toasterOnPage()).toBeNull();
  let id = '';
  act(() => {
    id = toast.loading('Adding to cart…');
    toast.success('Added to cart!', { id });
    toast.error('Only 1 left in stock.', { id: 'cart-quantity-1-11' });
  });
  expect(id).toMatch(/^store-toast-\d+$/);
  expect(await screen.findByText('Added to cart!')).toBeInTheDocument();
  expect(screen.getByText('Only 1 left in stock.')).toBeInTheDocument();
  // The success replaced the loading toast of the same id.
  expect(screen.queryByText('Adding to cart…')).not.toBeInTheDocument();
  expect(toasterOnPage()).not.toBeNull();

  // Loaded: calls go straight through.
  act(() => {
    toast.remove();
    toast('Message reopened.');
  });
  expect(screen.getByText('Message reopened.')).toBeInTheDocument();
  expect(screen.queryByText('Added to cart!')).not.toBeInTheDocument();
});
