import { fireEvent, render, waitFor } from '@testing-library/react';
import { StoreToaster } from './Toaster';
import { UiProvider } from './UiProvider';

it('loads react-hot-toast (and mounts the Toaster) on the first key press, before any toast', async () => {
  render(
    <UiProvider>
      <StoreToaster />
    </UiProvider>,
  );
  const toasterOnPage = () => document.querySelector('[data-rht-toaster]');
  await new Promise((r) => setTimeout(r, 50));
  expect(toasterOnPage()).toBeNull();
  fireEvent.keyDown(window, { key: 'Tab' });
  await waitFor(() => expect(toasterOnPage()).not.toBeNull());
});
