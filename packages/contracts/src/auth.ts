import { z } from 'zod';
import type { TokensResponse } from './tokens';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, messages, PASSWORD_MIN_LENGTH } from './rules';

export { messages } from './rules';

export const roleSchema = z.enum(['REGULAR', 'ADMIN']);
export type Role = z.infer<typeof roleSchema>;

export const emailSchema = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .regex(EMAIL_PATTERN, messages.emailInvalid)
  .max(EMAIL_MAX_LENGTH, messages.emailInvalid);

export const newPasswordSchema = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, messages.passwordMin)
  .max(128, 'Password must be at most 128 characters')
  .refine((v) => /[a-z]/.test(v) && /[A-Z]/.test(v) && /\d/.test(v), messages.passwordComplexity);

const requiredTrimmed = (message: string, max = 150) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);

const firstNameSchema = requiredTrimmed(messages.firstNameRequired);
const lastNameSchema = requiredTrimmed(messages.lastNameRequired);
const usernameSchema = requiredTrimmed(messages.usernameRequired, 150);

/** Sign-in: only the e-mail is checked on the client (SPEC.md section 5). */
export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, messages.passwordRequired).max(128),
});
export type LoginPayload = z.infer<typeof loginSchema>;
export const loginFormSchema = z.object({
  email: emailSchema,
  password: z.string(),
  remember: z.boolean().optional(),
});

export const registerSchema = z.object({
  first_name: firstNameSchema,
  last_name: lastNameSchema,
  username: usernameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type RegisterPayload = z.infer<typeof registerSchema>;

/** The sign-up dialog's form: the register payload plus confirmation and terms. */
export const signUpFormSchema = z
  .object({
    first_name: firstNameSchema,
    last_name: lastNameSchema,
    username: usernameSchema,
    email: emailSchema,
    password: newPasswordSchema,
    confirm_password: z.string(),
    terms: z.boolean().refine((v) => v, messages.termsRequired),
  })
  .refine((v) => v.password === v.confirm_password, {
    message: messages.passwordsMismatch,
    path: ['confirm_password'],
  });
export type SignUpForm = z.infer<typeof signUpFormSchema>;

/** The answer of auth/login and auth/refresh-token; `parseTokensResponse` (./tokens) is its zod-free twin. */
export const tokensSchema = z.object({
  access: z.string().min(1),
  refresh: z.string().min(1),
  message: z.string().optional(),
}) satisfies z.ZodType<TokensResponse>;
export type { TokensResponse } from './tokens';

export const refreshSchema = z.object({ refreshToken: z.string().min(1).max(4096) });

export const logoutSchema = refreshSchema;

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordPayload = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({
  token: z.string().min(1).max(512),
  password: newPasswordSchema,
});
export type ResetPasswordPayload = z.infer<typeof resetPasswordSchema>;

export const resetPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirm_password: z.string() })
  .refine((v) => v.password === v.confirm_password, {
    message: messages.passwordsMismatch,
    path: ['confirm_password'],
  });

export const changePasswordSchema = z.object({
  current_password: z.string().min(1, messages.passwordRequired).max(128),
  new_password: newPasswordSchema,
});
export type ChangePasswordPayload = z.infer<typeof changePasswordSchema>;

export const profileUpdateSchema = z.object({
  first_name: firstNameSchema,
  last_name: lastNameSchema,
  username: usernameSchema,
});
export type ProfileUpdatePayload = z.infer<typeof profileUpdateSchema>;

/** Claims carried by the access token. */
