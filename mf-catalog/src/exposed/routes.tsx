import { lazy } from 'react';
import { Route, Routes } from '@store/router';
import type { RemoteRoutesModule, RemoteViewProps } from '@store/contracts';
import { pages, startFirstPage } from './firstPage';

const HomePage = lazy(pages.home);
const ProductListPage = lazy(pages.list);
const ProductDetailsPage = lazy(pages.details);

// The shell loads this module for the page being opened: that page's chunk and data start now.
if (typeof window !== 'undefined') startFirstPage(window.location);

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
