import { Route, Routes } from '@store/router';
import type { RemoteRoutesModule, RemoteViewProps } from '@store/contracts';
import { pages, startFirstPage } from './firstPage';

const HomePage = pages.home.Page;
const ProductListPage = pages.list.Page;
const ProductDetailsPage = pages.details.Page;

/** The shell loads this module for the page being opened: that page's chunk and data start now. */
export const ready = typeof window !== 'undefined' ? startFirstPage(window.location) : undefined;

/** Mounted by the shell at `/`. */
function Home(_props: RemoteViewProps) {
  return <HomePage />;
}

/** Mounted by the shell at `/products/*`: its paths are relative to /products. */
function Products({ notFound }: RemoteViewProps) {
  return (
    <Routes>
      <Route index element={<ProductListPage notFound={notFound} />} />
      <Route path="category/:category" element={<ProductListPage notFound={notFound} />} />
      <Route path=":productId" element={<ProductDetailsPage notFound={notFound} />} />
      <Route path="*" element={notFound} />
    </Routes>
  );
}

export const views = { Home, Products } satisfies RemoteRoutesModule<'catalog'>['views'];

/** This build's id (set by the federation config from STORE_BUILD or the package version). */
export const build = process.env.STORE_BUILD;
