import { signUpFormSchema, loginFormSchema, messages } from './auth';

const valid = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  password: 'Secret123',
  confirm_password: 'Secret123',
  terms: true,
};
const errorsOf = (input: unknown) => {
  const r = signUpFormSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('sign-up rules (SPEC.md section 5)', () => {
  it('accepts a valid form', () => expect(errorsOf(valid)).toEqual([]));
  it('rejects a blank first name after trimming', () =>
    expect(errorsOf({ ...valid, first_name: '   ' })).toContain(messages.firstNameRequired));
  it('checks the password length and mix', () => {
    expect(errorsOf({ ...valid, password: 'Ab1', confirm_password: 'Ab1' })).toContain(messages.passwordMin);
    expect(errorsOf({ ...valid, password: 'alllowercase1', confirm_password: 'alllowercase1' })).toContain(
      messages.passwordComplexity,
    );
  });
  it('needs matching passwords and the terms', () => {
    expect(errorsOf({ ...valid, confirm_password: 'Other123' })).toContain(messages.passwordsMismatch);
    expect(errorsOf({ ...valid, terms: false })).toContain(messages.termsRequired);
  });
  it('sign-in checks only the e-mail', () => {
    expect(loginFormSchema.safeParse({ email: 'x@y.z', password: '' }).success).toBe(true);
    const bad = loginFormSchema.safeParse({ email: 'nope', password: 'x' });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.message)).toEqual([messages.emailInvalid]);
  });
});
