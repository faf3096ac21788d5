import { Route } from '@store/router';
import { CustomerDetailPage } from './CustomerDetailPage';
import { CustomersListPage } from './CustomersListPage';

/** The Customers section's screens, relative to /admin. */
export const customerRoutes = [
  <Route key="customers" path="customers" element={<CustomersListPage />} />,
  <Route key="customer" path="customers/:customerId" element={<CustomerDetailPage />} />,
];
