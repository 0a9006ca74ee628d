import { eq } from 'drizzle-orm';
import { type StaffMember, staffMemberSchema } from '../../../contract/staff';
import type { Database } from '../../db/client';
import { staffUsers } from '../../db/schema';
import { problems } from '../../http/problem';

/** The signed-in staff member, as the back office shows them and decides which of its parts to offer. */
export async function staffMember(db: Database, staffId: number): Promise<StaffMember> {
  const [row] = await db
    .select({ name: staffUsers.name, email: staffUsers.email, role: staffUsers.role })
    .from(staffUsers)
    .where(eq(staffUsers.id, staffId));
  if (!row) throw problems.unauthorized();
  return staffMemberSchema.parse(row);
}
