import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes, useLocation } from '@store/router';
import { RequireSignIn } from '@store/shopper';
import { Skeleton, useDocumentTitle } from '@store/ui';
import { CheckoutFlow } from './CheckoutFlow';

const ConfirmationPage = lazy(() => import('./ConfirmationPage'));

/**
 * The window's title for the checkout and its confirmation, signed in or not. Rendered before the
 * routes, so its effect runs first and the not-found page's own title wins over it.
 */
function CheckoutTitle() {
  const confirmation = /\/confirmation\/[^/]+\/?$/.test(useLocation().pathname);
  useDocumentTitle(confirmation ? 'Order confirmed' : 'Checkout');
  return null;
}

/** Mounted by the shell at `/checkout/*`: the checkout, and the confirmation after it. */
export default function CheckoutPage({ notFound = null }: { notFound?: ReactNode }) {
  return (
    <div data-boundary="mf-cart">
      <CheckoutTitle />
      <RequireSignIn title="Sign in to check out" toastMessage="Please login to view your cart!">
        <Suspense fallback={<Skeleton height="16rem" />}>
          <Routes>
            <Route index element={<CheckoutFlow />} />
            <Route path="confirmation/:orderId" element={<ConfirmationPage />} />
            <Route path="*" element={notFound} />
          </Routes>
        </Suspense>
      </RequireSignIn>
    </div>
  );
}
