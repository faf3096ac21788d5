import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { changePasswordSchema, messages, profileUpdateSchema } from '@store/contracts';

// The account forms' zod rules. This module is loaded on first use (./lazyResolver), so zod
// (about 66 KiB compressed) is not part of /account's first paint (issue 10).

export const profileResolver = zodResolver(profileUpdateSchema);

export const passwordFormSchema = changePasswordSchema
  .extend({ confirm_password: z.string() })
  .refine((v) => v.new_password === v.confirm_password, {
    message: messages.passwordsMismatch,
    path: ['confirm_password'],
  });
export type PasswordValues = z.infer<typeof passwordFormSchema>;
export const passwordResolver = zodResolver(passwordFormSchema);
