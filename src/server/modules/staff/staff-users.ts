import { asc, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { staffUsers } from '../../db/schema';
import { hashPassword } from '../auth/passwords';

export class StaffEmailTakenError extends Error {
  constructor(email: string) {
    super(`A staff member already signs in as ${email}.`);
  }
}

/** Adds a staff member who signs in on /staff/login with this email and password (docs/go-live.md). */
export async function createStaffUser(
  db: Database,
  staff: { readonly email: string; readonly name: string; readonly password: string },
): Promise<{ id: number; email: string; name: string }> {
  const passwordHash = await hashPassword(staff.password);
  const [created] = await db
    .insert(staffUsers)
    .values({ email: staff.email, name: staff.name, passwordHash })
    .onConflictDoNothing()
    .returning({ id: staffUsers.id, email: staffUsers.email, name: staffUsers.name });
  if (!created) throw new StaffEmailTakenError(staff.email);
  return created;
}

export async function listStaffUsers(db: Database) {
  return db
    .select({
      email: staffUsers.email,
      name: staffUsers.name,
      disabled: staffUsers.disabled,
      createdAt: staffUsers.createdAt,
    })
    .from(staffUsers)
    .orderBy(asc(sql`lower(${staffUsers.email})`));
}
