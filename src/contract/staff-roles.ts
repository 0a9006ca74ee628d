import { z } from 'zod';

/**
 * What a staff member may do in the back office (docs/back-office.md). An administrator may do everything, including
 * managing staff and integration keys; each other role has its own part of the shop to run.
 */
export const staffRoles = ['administrator', 'sales', 'credit', 'claims', 'content'] as const;
export type StaffRole = (typeof staffRoles)[number];
export const staffRoleSchema = z.enum(staffRoles, { error: `Choose one of ${staffRoles.join(', ')}` });

/** Whether a member of `role` may call a staff route open to `allowed` (administrators may call every one). */
export function roleMayCall(role: StaffRole, allowed: readonly StaffRole[]): boolean {
  return role === 'administrator' || allowed.includes(role);
}
