import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { MiniCartProps, RemoteName, RemoteRoutesModule, RemoteViewName, RemoteViewProps } from '@store/contracts';
import { RemoteLoadError } from './remoteLoadError';
import { loadExposed, markRemoteFailed } from './remoteModules';

export { RemoteLoadError } from './remoteLoadError';

const views = new Map<string, LazyExoticComponent<ComponentType<RemoteViewProps>>>();

/** `cart/MiniCart`: the cart preview the top bar shows from its Cart button. */
export async function loadMiniCart(): Promise<{ default: ComponentType<MiniCartProps> }> {
  const module = await loadExposed<{ default?: ComponentType<MiniCartProps> }>('cart', 'MiniCart');
  if (!module?.default) throw new RemoteLoadError('cart', new Error('cart does not expose MiniCart'));
  return { default: module.default };
}

async function importView<R extends RemoteName>(
  remote: R,
  view: RemoteViewName<R>,
): Promise<{ default: ComponentType<RemoteViewProps> }> {
  const module = await loadExposed<RemoteRoutesModule<R>>(remote, 'routes');
  const component: ComponentType<RemoteViewProps> | undefined = module?.views?.[view];
  if (!component) {
    markRemoteFailed(remote);
    throw new RemoteLoadError(remote, new Error(`${remote} does not expose the view ${view}`));
  }
  // A remote may expose lazy components; React.lazy must resolve to a plain component, so wrap it.
  const View = component;
  const build = module?.build;
  // display: contents keeps the wrapper out of the layout; it only tells which build is on the page.
  const Wrapped = (props: RemoteViewProps) => (
    <div data-remote={remote} data-remote-build={build} style={{ display: 'contents' }}>
      <View {...props} />
    </div>
  );
  Wrapped.displayName = `Remote(${remote}/${view})`;
  return { default: Wrapped };
}

const started = new Map<string, Promise<{ default: ComponentType<RemoteViewProps> }>>();

/**
 * Starts loading a view before React renders it (the first visit's view, at start-up): its remote's
 * `./routes` module then begins its page chunk and data while the shell renders its frame.
 */
export function preloadRemoteView<R extends RemoteName>(remote: R, view: RemoteViewName<R>): void {
  const key = `${remote}/${view}`;
  if (views.has(key) || started.has(key)) return;
  const loading = importView(remote, view);
  loading.catch(() => {}); // reported when the view renders (getRemoteView below takes this promise)
  started.set(key, loading);
}

/** One lazy component per remote view, kept across navigations so a loaded view never suspends again. */
export function getRemoteView<R extends RemoteName>(remote: R, view: RemoteViewName<R>) {
  const key = `${remote}/${view}`;
  let component = views.get(key);
  if (!component) {
    component = lazy(() => {
      const loading = started.get(key) ?? importView(remote, view);
      started.delete(key);
      return loading.catch((error: unknown) => {
        views.delete(key);
        throw error;
      });
    });
    views.set(key, component);
  }
  return component;
}

export function forgetRemoteView<R extends RemoteName>(remote: R, view: RemoteViewName<R>): void {
  views.delete(`${remote}/${view}`);
  started.delete(`${remote}/${view}`);
}
