import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Outlet, Route, Routes } from '@store/router';
import { ShellLayout } from '../layout/ShellLayout';
import { LoadingPage } from '../pages/loading/LoadingPage';
import { LazyNotFoundPage } from '../pages/not-found/LazyNotFoundPage';
import { RouteErrorBoundary } from '../pages/error/RouteErrorPage';
import { RemoteView } from './remotes/RemoteView';
import { remoteRoutes } from './remotes/earlyRemote';
import { AdminFrame } from '../layout/AdminFrame';
import { contentSlugs, type ContentSlug } from '../pages/content/slugs';

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
// Made once: a lazy component created while rendering would remount on every render.
const pages = {
  login: lazyPage(authPages, (m) => m.LoginPage),
  signup: lazyPage(authPages, (m) => m.SignupPage),
  forgotPassword: lazyPage(authPages, (m) => m.ForgotPasswordPage),
  resetPassword: lazyPage(authPages, (m) => m.ResetPasswordPage),
  contact: lazyPage(
    () => import('../contact/ContactPage'),
    (m) => m.ContactPage,
  ),
  categories: lazyPage(
    () => import('../pages/content/CategoriesPage'),
    (m) => m.CategoriesPage,
  ),
  // Where an integrator's "Add to cart" lands (mf-catalog/README.md, "Embedding for integrators").
  handoff: lazyPage(
    () => import('../pages/handoff/HandoffPage'),
    (m) => m.HandoffPage,
  ),
};

// The Markdown content pages (terms, FAQ, shipping…): one lazy page, each text in its own chunk.
const contentPage = (slug: ContentSlug) =>
  lazyPage(
    () => import('../pages/content/ContentPage'),
    (m) => () => <m.ContentPage slug={slug} />,
  );
const contentRoutes = contentSlugs.map((slug) => [slug, contentPage(slug)] as const);

/**
 * SPEC.md section 2: the shell owns the route table; each remote owns its screens. Declarative routes
 * (BrowserRouter in App): the store has no route loaders or actions, and the data router's code
 * would be about 13 KiB more of every first visit (packages/router/README.md).
 */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Routes>
        {/* The admin area draws its own frame (staff header, side navigation): no storefront top bar or footer. */}
        <Route path="/admin/*" element={<AdminFrame />} />
        <Route path="/" element={<ShellLayout />}>
          <Route
            element={
              <RouteErrorBoundary>
                <Outlet />
              </RouteErrorBoundary>
            }
          >
            {remoteRoutes.map(({ path, ...view }) =>
              path === '' ? (
                <Route key="index" index element={<RemoteView {...view} />} />
              ) : (
                <Route key={path} path={path} element={<RemoteView {...view} />} />
              ),
            )}
            <Route path="auth/login" element={pages.login} />
            <Route path="auth/signup" element={pages.signup} />
            <Route path="auth/forgot-password" element={pages.forgotPassword} />
            <Route path="auth/reset-password/:token" element={pages.resetPassword} />
            <Route path="contact" element={pages.contact} />
            <Route path="categories" element={pages.categories} />
            <Route path="handoff/:id" element={pages.handoff} />
            {contentRoutes.map(([slug, element]) => (
              <Route key={slug} path={slug} element={element} />
            ))}
            <Route path="*" element={<LazyNotFoundPage />} />
          </Route>
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
