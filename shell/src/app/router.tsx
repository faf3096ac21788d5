import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from '@store/router';
import { ShellLayout } from '../layout/ShellLayout';
import { LoadingPage } from '../pages/loading/LoadingPage';
import { LazyNotFoundPage } from '../pages/not-found/LazyNotFoundPage';
import { RouteErrorPage } from '../pages/error/RouteErrorPage';
import { RemoteView } from './remotes/RemoteView';

/** Shell pages load lazily, with the loading page as fallback. */
function lazyPage<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): ReactNode {
  const Page = lazy(async () => ({ default: pick(await load()) }));
  return (
    <Suspense fallback={<LoadingPage />}>
      <Page />
    </Suspense>
  );
}

const authPages = () => import('../auth/AuthPages');

/** SPEC.md section 2: the shell owns the route table; each remote owns its screens. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <ShellLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <RemoteView remote="catalog" view="Home" loading="products" /> },
          { path: 'products/*', element: <RemoteView remote="catalog" view="Products" loading="products" /> },
          { path: 'cart', element: <RemoteView remote="cart" view="Cart" /> },
          { path: 'checkout/*', element: <RemoteView remote="cart" view="Checkout" loading="checkout" /> },
          { path: 'account', element: <RemoteView remote="account" view="Account" loading="profile" /> },
          { path: 'wishlist', element: <RemoteView remote="account" view="Wishlist" loading="profile" /> },
          { path: 'orders/*', element: <RemoteView remote="account" view="Orders" loading="profile" /> },
          { path: 'admin/*', element: <RemoteView remote="admin" view="Admin" /> },
          { path: 'auth/login', element: lazyPage(authPages, (m) => m.LoginPage) },
          { path: 'auth/signup', element: lazyPage(authPages, (m) => m.SignupPage) },
          { path: 'auth/forgot-password', element: lazyPage(authPages, (m) => m.ForgotPasswordPage) },
          { path: 'auth/reset-password/:token', element: lazyPage(authPages, (m) => m.ResetPasswordPage) },
          {
            path: 'contact',
            element: lazyPage(
              () => import('../contact/ContactPage'),
              (m) => m.ContactPage,
            ),
          },
          { path: '*', element: <LazyNotFoundPage /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
