import { Route } from '@store/router';
import { OrdersListPage } from './OrdersListPage';
import { OrderDetailPage } from './OrderDetailPage';

/** The Orders section's screens, relative to /admin (SPEC.md section 2 routes). */
export const orderRoutes = [
  <Route key="orders" path="orders" element={<OrdersListPage />} />,
  <Route key="order" path="orders/:orderId" element={<OrderDetailPage />} />,
];
