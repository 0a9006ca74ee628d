import { sql } from 'drizzle-orm';
import { passwordResetTokens, users } from '../../db/schema';

/**
 * Invited and not yet in: the user has an invitation and has never spent a link (an invitation or a reset), so the
 * password they hold is still the random one they were created with.
 */
export const userInvited = sql<boolean>`(
  exists (select 1 from ${passwordResetTokens} where ${passwordResetTokens.userId} = ${users.id}
    and ${passwordResetTokens.purpose} = 'invitation')
  and not exists (select 1 from ${passwordResetTokens} where ${passwordResetTokens.userId} = ${users.id}
    and ${passwordResetTokens.usedAt} is not null))`;
