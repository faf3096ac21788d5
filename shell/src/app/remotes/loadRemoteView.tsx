import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type {
  MiniCartProps,
  RemoteName,
  RemoteRoutesModule,
  RemoteViewName,
  RemoteViewProps,
  RemotesConfig,
} from '@store/contracts';

/** A remote that could not be fetched or initialised (as opposed to a view that threw while rendering). */
export class RemoteLoadError extends Error {
  constructor(
    readonly remote: RemoteName,
    cause: unknown,
  ) {
    super(`The ${remote} module could not be loaded`, { cause });
    this.name = 'RemoteLoadError';
  }
}

let config: Partial<RemotesConfig> = {};
const views = new Map<string, LazyExoticComponent<ComponentType<RemoteViewProps>>>();
const failed = new Set<RemoteName>();

export function registerRemotesConfig(next: Partial<RemotesConfig>): void {
  config = next;
  registerRemotes(
    Object.entries(next).map(([name, { entry }]) => ({ name, entry })),
    { force: true },
  );
}

/** One exposed module of a remote (`catalog/routes`, `cart/MiniCart`); a failure is a RemoteLoadError. */
async function loadRemoteModule<T>(remote: RemoteName, exposed: string): Promise<T | null> {
  const entry = config[remote]?.entry;
  if (!entry) throw new RemoteLoadError(remote, new Error(`No URL configured for ${remote}`));
  try {
    if (failed.has(remote)) {
      // A failed remoteEntry stays cached by the runtime: register it again so a retry refetches.
      registerRemotes([{ name: remote, entry }], { force: true });
      failed.delete(remote);
    }
    return await loadRemote<T>(`${remote}/${exposed}`);
  } catch (error) {
    failed.add(remote);
    throw new RemoteLoadError(remote, error);
  }
}

/** `cart/MiniCart`: the cart preview the top bar shows from its Cart button. */
export async function loadMiniCart(): Promise<{ default: ComponentType<MiniCartProps> }> {
  const module = await loadRemoteModule<{ default?: ComponentType<MiniCartProps> }>('cart', 'MiniCart');
  if (!module?.default) throw new RemoteLoadError('cart', new Error('cart does not expose MiniCart'));
  return { default: module.default };
}

async function importView<R extends RemoteName>(
  remote: R,
  view: RemoteViewName<R>,
): Promise<{ default: ComponentType<RemoteViewProps> }> {
  const module = await loadRemoteModule<RemoteRoutesModule<R>>(remote, 'routes');
  const component: ComponentType<RemoteViewProps> | undefined = module?.views?.[view];
  if (!component) {
    failed.add(remote);
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

/** One lazy component per remote view, kept across navigations so a loaded view never suspends again. */
export function getRemoteView<R extends RemoteName>(remote: R, view: RemoteViewName<R>) {
  const key = `${remote}/${view}`;
  let component = views.get(key);
  if (!component) {
    component = lazy(() =>
      importView(remote, view).catch((error: unknown) => {
        views.delete(key);
        throw error;
      }),
    );
    views.set(key, component);
  }
  return component;
}

export function forgetRemoteView<R extends RemoteName>(remote: R, view: RemoteViewName<R>): void {
  views.delete(`${remote}/${view}`);
}
