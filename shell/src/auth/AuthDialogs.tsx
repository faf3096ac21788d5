import { lazy, Suspense } from 'react';
import { sessionStore } from '@store/session';
import { Dialog } from '@store/ui';
import { SignInForm } from './SignInForm';

// The sign-in form opens for every signed-out visitor, so it is zod-free; the sign-up form (and zod
// with it) loads only when a visitor switches to it.
const SignUpForm = lazy(() => import('./SignUpForm').then((m) => ({ default: m.SignUpForm })));

export const authCopy = {
  login: { title: 'Welcome Back', line: 'Sign in to your account to continue shopping' },
  signup: { title: 'Create Account', line: 'Join the store and start shopping today' },
} as const;

/** The sign-in and sign-up dialogs, loaded on demand by the shell's DialogHost. */
export default function AuthDialogs({ kind }: { kind: 'login' | 'signup' }) {
  const close = () => sessionStore.getState().closeDialog();
  const switchTo = (next: 'login' | 'signup') => () => {
    const { returnTo, resume } = sessionStore.getState().dialog ?? {};
    sessionStore.getState().openDialog(next, { returnTo, resume });
  };
  return (
    <Dialog
      open
      onClose={close}
      title={authCopy[kind].title}
      description={authCopy[kind].line}
      width={kind === 'signup' ? '34rem' : '28rem'}
    >
      {kind === 'login' ? (
        <SignInForm onSwitch={switchTo('signup')} />
      ) : (
        <Suspense fallback={null}>
          <SignUpForm onSwitch={switchTo('login')} />
        </Suspense>
      )}
    </Dialog>
  );
}
