import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { MiniCartProps, RemoteName, RemoteRoutesModule, RemoteViewName, RemoteViewProps } from '@store/contracts';
import { RemoteLoadError } from './remoteLoadError';
import { loadExposed, markRemoteFailed } from './remoteModules';

export { RemoteLoadError } from './remoteLoadError';

const views = new Map<string, LazyExoticComponent<ComponentType<RemoteViewProps>> | ComponentType<RemoteViewProps>>();
/** Views whose module is loaded: the first render of one uses it as it is (no suspending, no loading state). */
const loaded = new Map<string, ComponentType<RemoteViewProps>>();
/** How long a remote's `ready` may hold a view back. */
const READY_WAIT_MS = 1000;

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
  if (module?.ready) {
    await Promise.race([
      Promise.resolve(module.ready).catch(() => {}),
      new Promise((r) => setTimeout(r, READY_WAIT_MS)),
    ]);
  }
  const Wrapped = module ? wrapRemoteView(remote, view, module) : null;
  if (!Wrapped) {
    markRemoteFailed(remote);
    throw new RemoteLoadError(remote, new Error(`${remote} does not expose the view ${view}`));
  }
  loaded.set(`${remote}/${view}`, Wrapped);
  return { default: Wrapped };
}

/**
 * A remote's view as the shell mounts it: inside `<div data-remote data-remote-build>`, which tells
 * which build is on the page. The browser (from `./routes`) and the shell's server (from the server
 * container's `./server`) wrap it alike, so a hydrated page matches its server HTML.
 */
export function wrapRemoteView<R extends RemoteName>(
  remote: R,
  view: RemoteViewName<R>,
  module: { views?: Partial<Record<RemoteViewName<R>, ComponentType<RemoteViewProps>>>; build?: string },
): ComponentType<RemoteViewProps> | null {
  const component: ComponentType<RemoteViewProps> | undefined = module.views?.[view];
  if (!component) return null;
  // A remote may expose lazy components; React.lazy must resolve to a plain component, so wrap it.
  const View = component;
  const build = module.build;
  // display: contents keeps the wrapper out of the layout; it only tells which build is on the page.
  const Wrapped = (props: RemoteViewProps) => (
    <div data-remote={remote} data-remote-build={build} style={{ display: 'contents' }}>
      <View {...props} />
    </div>
  );
  Wrapped.displayName = `Remote(${remote}/${view})`;
  return Wrapped;
}

const started = new Map<string, Promise<{ default: ComponentType<RemoteViewProps> }>>();

/**
 * Starts loading a view before React renders it (the first visit's view, at start-up): its remote's
 * `./routes` module then begins its page chunk and data while the shell renders its frame.
 */
export function preloadRemoteView<R extends RemoteName>(remote: R, view: RemoteViewName<R>): Promise<unknown> {
  const key = `${remote}/${view}`;
  const current = started.get(key);
  if (views.has(key) || current) return current ?? Promise.resolve();
  const loading = importView(remote, view);
  loading.catch(() => {}); // reported when the view renders (getRemoteView below takes this promise)
  started.set(key, loading);
  return loading;
}

/** One lazy component per remote view, kept across navigations so a loaded view never suspends again. */
export function getRemoteView<R extends RemoteName>(remote: R, view: RemoteViewName<R>) {
  const key = `${remote}/${view}`;
  let component = views.get(key) ?? loaded.get(key);
  if (component) started.delete(key);
  else {
    component = lazy(() => {
      const loading = started.get(key) ?? importView(remote, view);
      started.delete(key);
      return loading.catch((error: unknown) => {
        views.delete(key);
        throw error;
      });
    });
  }
  // Kept per view: the same component type on every render, so nothing below it remounts.
  views.set(key, component);
  return component;
}

export function forgetRemoteView<R extends RemoteName>(remote: R, view: RemoteViewName<R>): void {
  views.delete(`${remote}/${view}`);
  loaded.delete(`${remote}/${view}`);
  started.delete(`${remote}/${view}`);
}
