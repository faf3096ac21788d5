/**
 * The validation rules and texts of SPEC.md section 5 without zod, for the code of a first visit
 * (the sign-in dialog opens for every signed-out visitor): the zod schemas in ./auth use the same ones.
 */
export const messages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 8 characters',
  passwordComplexity: 'Password must contain uppercase, lowercase, and number',
  passwordsMismatch: 'Passwords do not match',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  usernameRequired: 'Username is required',
  termsRequired: 'You must agree to the terms and conditions',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MAX_LENGTH = 254;

/** The e-mail rule (required, then x@y.z): the message to show, or null when the value passes. */
export function emailError(value: unknown): string | null {
  const email = typeof value === 'string' ? value.trim() : '';
  if (!email) return messages.emailRequired;
  if (!EMAIL_PATTERN.test(email) || email.length > EMAIL_MAX_LENGTH) return messages.emailInvalid;
  return null;
}
