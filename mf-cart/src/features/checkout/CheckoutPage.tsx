import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from '@store/router';
import { RequireSignIn } from '@store/shop';
import { Skeleton } from '@store/ui';
import { CheckoutFlow } from './CheckoutFlow';

const ConfirmationPage = lazy(() => import('./ConfirmationPage'));

/** Mounted by the shell at `/checkout/*`: the checkout, and the confirmation after it. */
export default function CheckoutPage({ notFound = null }: { notFound?: ReactNode }) {
  return (
    <div data-boundary="mf-cart">
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
