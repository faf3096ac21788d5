import { Navigate, Route, Routes } from '@store/router';
import { StandaloneFrame } from '@store/shopper/standalone';
import { views } from '../exposed/routes';

/** The admin team's standalone page (pnpm --filter mf-admin dev): the admin remote without the shell. */
export default function StandaloneApp() {
  const notFound = <p>Not found.</p>;
  return (
    <StandaloneFrame name="mf-admin" links={[['/admin', 'Dashboard']]}>
      <Routes>
        <Route path="/admin/*" element={<views.Admin notFound={notFound} />} />
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Routes>
    </StandaloneFrame>
  );
}
