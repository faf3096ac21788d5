import { lazy } from 'react';
import type { RemoteRoutesModule } from '@store/contracts';

// The admin area loads only when someone opens /admin.
const Admin = lazy(() => import('../app/AdminApp'));

export const views = { Admin } satisfies RemoteRoutesModule<'admin'>['views'];
