import { lazy } from 'react';
import type { RemoteRoutesModule } from '@store/contracts';

// The admin area loads only when someone opens /admin.
const Admin = lazy(() => import('../app/AdminApp'));

export const views = { Admin } satisfies RemoteRoutesModule<'admin'>['views'];

/** This build's id (set by the federation config from STORE_BUILD or the package version). */
export const build = process.env.STORE_BUILD;
