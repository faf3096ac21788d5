import crypto from 'node:crypto';
import { emailSchema, newPasswordSchema } from '@store/contracts';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { carts, users } from '../../db/schema';
import { isUniqueViolation } from '../../lib/format';
import { hashPassword } from '../../lib/passwords';
import { EMAIL_TAKEN, findUserByEmail, normaliseEmail, usernameTaken } from './service';

const adminSchema = z.object({ email: emailSchema, password: newPasswordSchema });

/**
 * Creates an administrator account (the first admin of a production store, where no demo account
 * is ever seeded). The password follows the sign-up rules. Throws with a readable message.
 */
export async function createAdmin(db: Db, input: { email: string; password: string }) {
  const parsed = adminSchema.safeParse(input);
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  const email = normaliseEmail(parsed.data.email);
  if (await findUserByEmail(db, email)) throw new Error(`email: ${EMAIL_TAKEN}`);
  // The e-mail's local part, unless an account already has that username (unique, any case).
  let username = email.split('@')[0]!;
  if (await usernameTaken(db, username)) username = `${username}-${crypto.randomBytes(3).toString('hex')}`;
  const passwordHash = await hashPassword(parsed.data.password);
  try {
    const [user] = await db
      .insert(users)
      .values({
        email,
        username,
        firstName: 'Admin',
        lastName: 'Admin',
        passwordHash,
        role: 'ADMIN',
      })
      .returning({ id: users.id, email: users.email });
    if (!user) throw new Error('insert returned nothing');
    await db.insert(carts).values({ userId: user.id }).onConflictDoNothing();
    return user;
  } catch (error) {
    if (isUniqueViolation(error)) throw new Error(`email: ${EMAIL_TAKEN}`);
    throw error;
  }
}
