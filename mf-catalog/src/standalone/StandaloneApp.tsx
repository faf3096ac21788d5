import { Route, Routes } from '@store/router';
import { StandaloneFrame } from '@store/shopper/standalone';
import { views } from '../exposed/routes';

/** The catalog team's standalone page (pnpm --filter mf-catalog dev): its screens without the shell. */
export default function StandaloneApp() {
  const notFound = <p>Not found.</p>;
  return (
    <StandaloneFrame
      name="mf-catalog"
      links={[
        ['/', 'Home'],
        ['/products', 'Products'],
      ]}
    >
      <Routes>
        <Route path="/" element={<views.Home notFound={notFound} />} />
        <Route path="/products/*" element={<views.Products notFound={notFound} />} />
        <Route path="*" element={notFound} />
      </Routes>
    </StandaloneFrame>
  );
}
