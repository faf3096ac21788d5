import * as React from 'react';
import * as JsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import * as StyledComponents from 'styled-components';
import * as Zustand from 'zustand';
import * as ZustandVanilla from 'zustand/vanilla';
import * as StoreRouter from '@store/router';
import * as StoreSession from '@store/session';
import * as StoreHttp from '@store/http';
import * as StoreShopper from '@store/shopper';
import * as StoreUi from '@store/ui';

/**
 * What the shell's server provides to the remotes' server containers, as the browser's shell does to
 * their browser builds: one React, one styled-components (its server style sheet sees every remote's
 * styles), one router, one query client context, one session store. The map and the versions are the
 * federation config's (`process.env.STORE_SHARED`, written at build time by packages/federation).
 */
const libs: Record<string, unknown> = {
  react: React,
  'react/jsx-runtime': JsxRuntime,
  'react-dom': ReactDom,
  'styled-components': StyledComponents,
  zustand: Zustand,
  'zustand/vanilla': ZustandVanilla,
  '@store/router': StoreRouter,
  '@store/session': StoreSession,
  '@store/http': StoreHttp,
  '@store/shopper': StoreShopper,
  '@store/ui': StoreUi,
};

type SharedConfig = Record<string, { singleton: boolean; requiredVersion: string; version: string }>;

export function hostShared() {
  const config = JSON.parse(process.env.STORE_SHARED ?? '{}') as unknown as SharedConfig;
  return Object.fromEntries(
    Object.entries(libs).map(([name, lib]) => {
      const c = config[name];
      if (!c) throw new Error(`${name} is not in the shell's shared map`);
      // ES module namespaces as CommonJS-style exports (what a container's consumer expects).
      const module = { __esModule: true, ...(lib as object) };
      return [
        name,
        {
          version: c.version,
          lib: () => module,
          shareConfig: { singleton: c.singleton, requiredVersion: c.requiredVersion },
        },
      ];
    }),
  );
}
