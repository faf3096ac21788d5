import { lazy, Suspense } from 'react';
import { useSession } from '@store/session';

// Dialogs (and with them zod and react-hook-form) load only when one opens: not in the first paint.
const AuthDialogs = lazy(() => import('../auth/AuthDialogs'));
const ContactDialog = lazy(() => import('../contact/ContactDialog'));

export function DialogHost() {
  const dialog = useSession((s) => s.dialog);
  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      {dialog.kind === 'contact' ? <ContactDialog /> : <AuthDialogs kind={dialog.kind} />}
    </Suspense>
  );
}
