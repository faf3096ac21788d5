import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@store/router';
import { emailError } from '@store/contracts/rules';
import { getErrorMessage } from '@store/http';
import { sessionStore } from '@store/session';
import { signIn } from '@store/shopper';
import { Banner, Button, Checkbox, FormField, Input, toast } from '@store/ui';
import { PasswordInput } from './PasswordInput';
import { Between, Divider, Footnote, Form } from './formStyles';
import { useTimedMessage } from './useTimedMessage';

export const LOGIN_FAILED = 'Login failed. Please try again.';
const REMEMBER_KEY = 'store:remembered-email';

function rememberedEmail() {
  try {
    return localStorage.getItem(REMEMBER_KEY) ?? '';
  } catch {
    return '';
  }
}

/**
 * Sign-in (SPEC.md section 2). Only the e-mail is checked on the client (section 5). This form opens
 * for every signed-out visitor, so it is part of every first visit: it keeps its three fields in the
 * form itself (read on submit) with the zod-free rule from '@store/contracts/rules', instead of
 * react-hook-form and zod (about 15 and 60 KiB compressed, shared whole) that the other forms use.
 */
export function SignInForm({
  onDone,
  onSwitch,
  email: givenEmail,
}: {
  onDone?: () => void;
  onSwitch?: () => void;
  /** Prefills the e-mail (the one just signed up with). */
  email?: string;
}) {
  const navigate = useNavigate();
  const [error, setError] = useTimedMessage();
  const [success, setSuccess] = useState<string | null>(null);
  const remembered = rememberedEmail();
  const [emailMessage, setEmailMessage] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    const remember = form.get('remember') === 'on';
    const invalid = emailError(email);
    setEmailMessage(invalid);
    if (invalid) {
      event.currentTarget.querySelector<HTMLInputElement>('#signin-email')?.focus();
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const { returnTo, resume } = sessionStore.getState().dialog ?? {};
      const { role, message } = await signIn({ email, password });
      try {
        if (remember) localStorage.setItem(REMEMBER_KEY, email);
        else localStorage.removeItem(REMEMBER_KEY);
      } catch {
        // Storage can be unavailable (private mode); remembering is a convenience only.
      }
      setSuccess(message);
      toast.success(message);
      sessionStore.getState().closeDialog();
      onDone?.();
      // SPEC.md section 4: ADMIN lands on /admin, everyone else on / (or the page they asked for).
      navigate(role === 'ADMIN' ? '/admin' : returnTo && !returnTo.startsWith('/auth') ? returnTo : '/');
      // Finish what the visitor started before signing in (its own toast follows).
      void resume?.();
    } catch (err) {
      setSuccess(null);
      setError(getErrorMessage(err, LOGIN_FAILED));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form onSubmit={(event) => void submit(event)} noValidate aria-label="Sign in">
      {error && <Banner tone="error">{error}</Banner>}
      {success && <Banner tone="success">{success}</Banner>}
      <Divider>Or continue with email</Divider>
      <FormField label="Email" htmlFor="signin-email" error={emailMessage ?? undefined}>
        <Input
          id="signin-email"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={givenEmail || remembered}
        />
      </FormField>
      <FormField label="Password" htmlFor="signin-password">
        <PasswordInput id="signin-password" name="password" autoComplete="current-password" />
      </FormField>
      <Between>
        <Checkbox label="Remember me" name="remember" defaultChecked={Boolean(remembered)} />
        <Link to="/auth/forgot-password" onClick={() => sessionStore.getState().closeDialog()}>
          Forgot password?
        </Link>
      </Between>
      <Button type="submit" $variant="primary" $block $size="lg" disabled={isSubmitting}>
        {isSubmitting ? 'Signing in...' : 'Sign In'}
      </Button>
      {onSwitch && (
        <Footnote>
          New here?{' '}
          <button type="button" onClick={onSwitch}>
            Create an account
          </button>
        </Footnote>
      )}
    </Form>
  );
}
