import { Route, Routes } from '@store/router';
import type { RemoteViewProps } from '@store/contracts';
import { AdminLayout } from './AdminLayout';
import { RequireAdmin } from '../features/admin-auth/RequireAdmin';
import { AdminLoginPage } from '../features/admin-auth/AdminLoginPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { ComingSoonPage } from '../features/placeholder/ComingSoonPage';
import { AttributesPage } from '../features/attributes/AttributesPage';
import { CategoriesPage } from '../features/categories/CategoriesPage';
import { productRoutes } from '../features/products/routes';
import { orderRoutes } from '../features/orders/routes';
import { PayLaterPage } from '../features/pay-later/PayLaterPage';
import { customerRoutes } from '../features/customers/routes';
import { SupportPage } from '../features/support/SupportPage';
import { ReleasesPage } from '../features/releases/ReleasesPage';
import { IntegrationsPage } from '../features/integrations/IntegrationsPage';
import { adminSections } from './sections';

/** Sections with their screen in place (the rest show their purpose until then). */
export const screensInPlace = new Set([
  'products',
  'attributes',
  'categories',
  'orders',
  'pay-later',
  'customers',
  'support',
  'releases',
  'integrations',
]);

/** Mounted by the shell at /admin/*: every path below is relative to /admin. */
export default function AdminApp({ notFound }: RemoteViewProps) {
  return (
    <div data-boundary="mf-admin">
      <Routes>
        <Route path="auth/login" element={<AdminLoginPage />} />
        <Route
          element={
            <RequireAdmin>
              <AdminLayout />
            </RequireAdmin>
          }
        >
          <Route index element={<DashboardPage />} />
          {productRoutes}
          {orderRoutes}
          {customerRoutes}
          <Route path="attributes" element={<AttributesPage />} />
          <Route path="categories" element={<CategoriesPage />} />
          <Route path="pay-later" element={<PayLaterPage />} />
          <Route path="support" element={<SupportPage />} />
          <Route path="releases" element={<ReleasesPage />} />
          <Route path="integrations" element={<IntegrationsPage />} />
          {adminSections
            .filter((s) => s.path !== '' && !screensInPlace.has(s.path))
            .flatMap((section) => [section.path, ...(section.subPaths ?? [])].map((path) => ({ path, section })))
            .map(({ path, section }) => (
              <Route key={path} path={path} element={<ComingSoonPage section={section} />} />
            ))}
          <Route path="*" element={notFound} />
        </Route>
      </Routes>
    </div>
  );
}
