import { forwardRef, startTransition, useContext, type MouseEvent } from 'react';
import { Link as RouterLink, UNSAFE_NavigationContext as NavigationContext, type LinkProps } from 'react-router-dom';

/** A path of this app written whole, as nearly every link of the store is: '/products/7', '/cart'. */
const APP_PATH = /^\/(?!\/)/;

const isPlainLeftClick = (event: MouseEvent<HTMLAnchorElement>, target: string | undefined) =>
  event.button === 0 &&
  (!target || target === '_self') &&
  !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);

/**
 * React Router's `Link`, with a short way for a link to a whole path of the app ('/products/7'):
 * such a link needs no resolving against the routes it sits in, so it neither reads the current
 * location nor resolves its path on every render. React Router's own resolves it twice per render
 * (href and click handler, each serialising the route matches to JSON) and re-renders every link on
 * every navigation; the home page holds about 60 links, and that was the top function of its first
 * render's profile (issue 10). Any other link (relative, `reloadDocument`, view transitions, a router
 * with a basename) is React Router's.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  const { navigator, basename, useTransitions } = useContext(NavigationContext);
  const { to, replace, state, target, onClick, preventScrollReset, ...anchor } = props;
  const plain =
    typeof to === 'string' &&
    APP_PATH.test(to) &&
    basename === '/' &&
    !props.reloadDocument &&
    !props.viewTransition &&
    !props.relative &&
    (props.prefetch ?? 'none') === 'none';
  if (!plain) return <RouterLink ref={ref} {...props} />;
  const { reloadDocument: _r, viewTransition: _v, relative: _l, prefetch: _p, discover: _d, ...rest } = anchor;
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainLeftClick(event, target)) return;
    event.preventDefault();
    // As React Router does: a link to the page already shown replaces its entry instead of adding one.
    const current =
      (navigator as { location?: Pick<Location, 'pathname' | 'search' | 'hash'> }).location ?? window.location;
    const here = current.pathname + current.search + current.hash;
    const go = () => ((replace ?? here === to) ? navigator.replace : navigator.push)(to, state, { preventScrollReset });
    if (useTransitions) startTransition(go);
    else go();
  };
  return <a {...rest} ref={ref} href={navigator.createHref(to)} target={target} onClick={handleClick} />;
});
