import { Route } from '@store/router';
import { ProductEditorPage } from './ProductEditorPage';
import { ProductsListPage } from './ProductsListPage';
import { ProductViewPage } from './ProductViewPage';

/** The Products section's screens, relative to /admin (SPEC.md section 2 routes). */
export const productRoutes = [
  <Route key="products" path="products" element={<ProductsListPage />} />,
  <Route key="add-product" path="products/add-product" element={<ProductEditorPage mode="add" />} />,
  <Route key="edit-product" path="products/edit-product/:productId" element={<ProductEditorPage mode="edit" />} />,
  <Route key="view-product" path="products/view-product/:productId" element={<ProductViewPage />} />,
];
