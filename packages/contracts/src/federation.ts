import type { ComponentType, ReactNode } from 'react';

/** The remotes the shell composes at runtime. */
export const remoteNames = ['catalog', 'cart', 'account', 'admin'] as const;
export type RemoteName = (typeof remoteNames)[number];

/**
 * `/remotes.json`, served next to the shell and read at start-up: where each remote's
 * manifest (or remoteEntry.js) lives. Changing one URL releases a new remote build.
 */
export type RemotesConfig = Record<RemoteName, { entry: string }>;

/** Props the shell hands every view it mounts from a remote. */
export interface RemoteViewProps {
  /** The shell's 404 page, for paths a remote's own sub-routes do not match. */
  notFound: ReactNode;
}

/**
 * What every remote exposes as `./routes`: named views the shell mounts on its routes.
 * A view may render its own descendant `<Routes>` (relative to where the shell mounts it).
 */
export interface RemoteRoutesModule {
  views: Record<string, ComponentType<RemoteViewProps>>;
}
