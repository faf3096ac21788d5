import { Route, Routes } from '@store/router';
import { StandaloneFrame } from '@store/shopper/standalone';
import { views } from '../exposed/routes';

/** The account team's standalone page (pnpm --filter mf-account dev). */
export default function StandaloneApp() {
  return (
    <StandaloneFrame
      name="mf-account"
      links={[
        ['/account', 'Account'],
        ['/wishlist', 'Wishlist'],
        ['/orders', 'Orders'],
      ]}
    >
      <Routes>
        <Route path="/wishlist" element={<views.Wishlist />} />
        <Route path="/orders/*" element={<views.Orders notFound={<p>Not found.</p>} />} />
        <Route path="*" element={<views.Account />} />
      </Routes>
    </StandaloneFrame>
  );
}
