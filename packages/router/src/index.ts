/**
 * The router of the page, shared as one Module Federation singleton by the shell and every remote.
 *
 * Federation shares a library as one whole module, so nothing in a shared library is tree-shaken:
 * sharing react-router-dom itself put all of it (server rendering, cookies, RSC…) in the first
 * paint. This module re-exports only what the store uses, so the shared chunk holds just that.
 * The data router (createBrowserRouter, loaders, errorElement) is left out on purpose: the store has
 * no loaders, and it would add about 13 KiB compressed to every first visit (issue 10).
 * Need another API? Add it here (ESLint keeps every app importing the router from this package).
 */
export { BrowserRouter, leaveBy, useHistoryBlocker } from './historyBlocker';
export { Link } from './Link';
export {
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useInRouterContext,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
export type { NavigateFunction, RouteObject } from 'react-router-dom';
