import { lazy } from 'react';
import { Route, Routes } from '@store/router';
import type { RemoteRoutesModule, RemoteViewProps } from '@store/contracts';

const HomePage = lazy(() => import('../features/home/HomePage'));
const ProductListPage = lazy(() => import('../features/product-list/ProductListPage'));
const ProductDetailsPage = lazy(() => import('../features/product-details/ProductDetailsPage'));

/** Mounted by the shell at `/`. */
function Home(_props: RemoteViewProps) {
  return <HomePage />;
}

/** Mounted by the shell at `/products/*`: its paths are relative to /products. */
function Products({ notFound }: RemoteViewProps) {
  return (
    <Routes>
      <Route index element={<ProductListPage />} />
      <Route path="category/:category" element={<ProductListPage />} />
      <Route path=":productId" element={<ProductDetailsPage />} />
      <Route path="*" element={notFound} />
    </Routes>
  );
}

export const views = { Home, Products } satisfies RemoteRoutesModule<'catalog'>['views'];

/** This build's id (set by the federation config from STORE_BUILD or the package version). */
export const build = process.env.STORE_BUILD;
