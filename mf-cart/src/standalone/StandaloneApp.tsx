import { Route, Routes } from '@store/router';
import { StandaloneFrame } from '@store/shopper/standalone';
import { views } from '../exposed/routes';

export default function StandaloneApp() {
  return (
    <StandaloneFrame
      name="mf-cart"
      links={[
        ['/cart', 'Cart'],
        ['/checkout', 'Checkout'],
      ]}
    >
      <Routes>
        <Route path="/cart" element={<views.Cart />} />
        <Route path="/checkout/*" element={<views.Checkout notFound={<p>Not found.</p>} />} />
        <Route path="*" element={<views.Cart />} />
      </Routes>
    </StandaloneFrame>
  );
}
