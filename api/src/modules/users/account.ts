import type { Account } from '@store/contracts';
import type { users } from '../../db/schema';
import { iso } from '../../lib/format';

/** An account as the API answers with it: sign-up, the profile and the admin's customers start from this. */
export const accountOf = (user: typeof users.$inferSelect): Account => ({
  id: user.id,
  email: user.email,
  username: user.username,
  first_name: user.firstName,
  last_name: user.lastName,
  role: user.role,
  is_active: user.isActive,
  date_joined: iso(user.dateJoined),
});
