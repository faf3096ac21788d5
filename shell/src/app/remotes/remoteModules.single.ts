import type { RemoteName } from '@store/contracts';
import { RemoteLoadError } from './remoteLoadError';

/**
 * The single-bundle build (`pnpm --filter shell build:single`): the same exposed modules, imported
 * statically from the remotes' sources, so the federated build can be compared with one bundle of the
 * same screens (e2e/bench/web.mjs). Each remote is still its own lazily loaded chunk, as it is with
 * federation. Never used by the federated build (webpack swaps remoteModules.ts for this file).
 */
/* eslint-disable import-x/no-restricted-paths -- the comparison build imports the remotes' exposed modules on purpose */
const modules: Record<string, () => Promise<unknown>> = {
  'catalog/routes': () => import('../../../../mf-catalog/src/exposed/routes'),
  'cart/routes': () => import('../../../../mf-cart/src/exposed/routes'),
  'cart/MiniCart': () => import('../../../../mf-cart/src/exposed/MiniCart'),
  'account/routes': () => import('../../../../mf-account/src/exposed/routes'),
  'admin/routes': () => import('../../../../mf-admin/src/exposed/routes'),
};

export async function startRemotes(): Promise<void> {}

export function registerRemotesConfig(_config: unknown): void {}

export function preloadExposed(_remote: RemoteName, _exposed: string): void {}

export async function loadExposed<T>(remote: RemoteName, exposed: string): Promise<T | null> {
  const load = modules[`${remote}/${exposed}`];
  if (!load) throw new RemoteLoadError(remote, new Error(`${remote} does not expose ${exposed}`));
  return (await load()) as T;
}

export function markRemoteFailed(_remote: RemoteName): void {}

/** The single-bundle build has no releases: nothing to report. */
export function reportRenderError(remote: RemoteName): void {
  void remote;
}
