import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@store/router';
import styled from 'styled-components';
import { signUpFormSchema, type SignUpForm as SignUpValues } from '@store/contracts';
import { getErrorMessage, getFieldErrors } from '@store/http';
import { sessionStore } from '@store/session';
import { Banner, Button, Checkbox, FormField, Input } from '@store/ui';
import { registerAccount } from './api/register';
import { PasswordInput } from './PasswordInput';
import { Divider, Footnote, Form, Row } from './formStyles';
import { useTimedMessage } from './useTimedMessage';

export const SIGNUP_FAILED = 'Signup failed. Please try again.';
/** SPEC.md section 9: go to sign-in 1 s after a successful sign-up. */
export const SIGNUP_REDIRECT_MS = 1000;

type FieldName = keyof SignUpValues;

const TermsError = styled.p`
  margin: ${({ theme }) => theme.space[1]} 0 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export function SignUpForm({ onSwitch }: { onSwitch?: () => void }) {
  const navigate = useNavigate();
  const [error, setError] = useTimedMessage();
  const [success, setSuccess] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<SignUpValues>({
    resolver: zodResolver(signUpFormSchema),
    mode: 'onTouched',
    defaultValues: {
      first_name: '',
      last_name: '',
      username: '',
      email: '',
      password: '',
      confirm_password: '',
      terms: false,
    },
  });

  const submit = handleSubmit(async (values) => {
    setError(null);
    try {
      const data = await registerAccount({
        first_name: values.first_name,
        last_name: values.last_name,
        username: values.username,
        email: values.email,
        password: values.password,
      });
      setSuccess(data.message || 'Request successful!');
      timer.current = window.setTimeout(() => {
        sessionStore.getState().closeDialog();
        // The sign-in form there starts with the e-mail just signed up with.
        navigate('/auth/login', { state: { email: values.email } });
      }, SIGNUP_REDIRECT_MS);
    } catch (err) {
      // SPEC.md section 8: the message, else the first e-mail error, else the generic text. A
      // username error (taken: the API's field list, no message) is also shown at its field.
      const message = getErrorMessage(err, '');
      const fields = getFieldErrors(err);
      if (fields.username)
        setFieldError('username', { type: 'server', message: fields.username }, { shouldFocus: true });
      setError(message || fields.email || SIGNUP_FAILED);
    }
  });

  const field = (name: FieldName, label: string, input: (id: string) => React.ReactNode) => {
    const id = `signup-${name}`;
    const message = errors[name]?.message;
    return (
      <FormField label={label} htmlFor={id} error={message}>
        {input(id)}
      </FormField>
    );
  };
  const pending = isSubmitting || success !== null;

  return (
    <Form onSubmit={submit} noValidate aria-label="Create account">
      {error && <Banner tone="error">{error}</Banner>}
      {success && <Banner tone="success">{success}</Banner>}
      <Divider>Or create account with email</Divider>
      <Row>
        {field('first_name', 'First name', (id) => (
          <Input id={id} autoComplete="given-name" {...register('first_name')} />
        ))}
        {field('last_name', 'Last name', (id) => (
          <Input id={id} autoComplete="family-name" {...register('last_name')} />
        ))}
      </Row>
      {field('username', 'Username', (id) => (
        <Input id={id} autoComplete="username" {...register('username')} />
      ))}
      {field('email', 'Email', (id) => (
        <Input id={id} type="email" autoComplete="email" {...register('email')} />
      ))}
      {field('password', 'Password', (id) => (
        <PasswordInput id={id} autoComplete="new-password" {...register('password')} />
      ))}
      {field('confirm_password', 'Confirm password', (id) => (
        <PasswordInput id={id} autoComplete="new-password" {...register('confirm_password')} />
      ))}
      <div>
        <Checkbox
          aria-invalid={errors.terms ? true : undefined}
          aria-describedby={errors.terms ? 'signup-terms-error' : undefined}
          label={
            <>
              I agree to the <a href="/terms">Terms of Service</a> and <a href="/privacy">Privacy Policy</a>
            </>
          }
          {...register('terms')}
        />
        {errors.terms?.message && (
          <TermsError role="alert" id="signup-terms-error">
            {errors.terms.message}
          </TermsError>
        )}
      </div>
      <Button type="submit" $variant="primary" $block $size="lg" disabled={pending}>
        {pending ? 'Creating...' : 'Create Account'}
      </Button>
      {onSwitch && (
        <Footnote>
          Already have an account?{' '}
          <button type="button" onClick={onSwitch}>
            Sign in
          </button>
        </Footnote>
      )}
    </Form>
  );
}
