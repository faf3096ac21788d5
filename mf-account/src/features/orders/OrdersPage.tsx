import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from '@store/router';
import { RequireSignIn } from '@store/shop';
import { Skeleton, useDocumentTitle } from '@store/ui';
import { OrderList } from './OrderList';

const OrderDetails = lazy(() => import('./OrderDetails'));

/** Mounted by the shell at `/orders/*`: the shopper's orders, and one order's page. */
export default function OrdersPage({ notFound = null }: { notFound?: ReactNode }) {
  useDocumentTitle('My orders');
  return (
    <div data-boundary="mf-account">
      <RequireSignIn title="Sign in to see your orders">
        <Suspense fallback={<Skeleton height="16rem" />}>
          <Routes>
            <Route index element={<OrderList />} />
            <Route path=":orderId" element={<OrderDetails />} />
            <Route path="*" element={notFound} />
          </Routes>
        </Suspense>
      </RequireSignIn>
    </div>
  );
}
