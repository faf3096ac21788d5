import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes, useLocation } from '@store/router';
import { RequireSignIn } from '@store/shopper';
import { Skeleton, useDocumentTitle } from '@store/ui';
import { OrderList } from './OrderList';

const OrderDetails = lazy(() => import('./OrderDetails'));

/**
 * The window's title while signed out or loading; rendered before the routes, so its effect runs first
 * and an order's own title ('Order ORD-…') or the not-found page's wins over it.
 */
function OrdersTitle() {
  const list = /^\/orders\/?$/.test(useLocation().pathname);
  useDocumentTitle(list ? 'My orders' : 'Order');
  return null;
}

/** Mounted by the shell at `/orders/*`: the shopper's orders, and one order's page. */
export default function OrdersPage({ notFound = null }: { notFound?: ReactNode }) {
  return (
    <div data-boundary="mf-account">
      <OrdersTitle />
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
