import { z } from 'zod';
import { messageSchema, resetPasswordQuerySchema, resetPasswordRequestSchema } from './auth';
import { emailField } from './forms';
import { defineRoute } from './route';
import { staffRoleSchema } from './staff-roles';

export const staffMemberRowSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  disabled: z.boolean(),
  /** Added and has not yet chosen a password through the mailed link. */
  invited: z.boolean(),
});

export const staffMembersSchema = z.object({ members: z.array(staffMemberRowSchema) });
export type StaffMembers = z.infer<typeof staffMembersSchema>;

export const staffMemberNameField = z
  .string({ error: 'Enter their name' })
  .trim()
  .min(1, 'Enter their name')
  .max(100, 'Use at most 100 characters');

export const staffMemberCreateSchema = z.object({
  email: emailField,
  name: staffMemberNameField,
  role: staffRoleSchema,
});

export const staffMemberSaveSchema = z.object({
  email: emailField,
  role: staffRoleSchema,
  /** A disabled member cannot sign in, and their sessions (acting as customers included) end within 60 s. */
  disabled: z.boolean(),
});

export const staffMemberRoutes = {
  staffMembersList: defineRoute({
    method: 'GET',
    path: 'Staff/Members',
    access: 'staff',
    staffRoles: [],
    tag: 'Staff',
    summary: 'Every staff member with their role, by email',
    response: staffMembersSchema,
  }),
  staffMemberCreate: defineRoute({
    method: 'POST',
    path: 'Staff/MemberCreate',
    access: 'staff',
    staffRoles: [],
    tag: 'Staff',
    summary: 'Adds a staff member and mails them a single-use link to choose their password (409 when taken)',
    body: staffMemberCreateSchema,
    response: staffMembersSchema,
  }),
  staffMemberSave: defineRoute({
    method: 'POST',
    path: 'Staff/MemberSave',
    access: 'staff',
    staffRoles: [],
    tag: 'Staff',
    summary: "Sets a member's role and whether they are disabled (ending their sessions); never one's own",
    body: staffMemberSaveSchema,
    response: staffMembersSchema,
  }),
  staffPasswordLinkCheck: defineRoute({
    method: 'GET',
    path: 'Staff/SetPassword',
    access: 'public',
    tag: 'Staff',
    summary: "Checks a staff member's set-password link (Token, Email, Guid) before the password is asked for",
    query: resetPasswordQuerySchema,
    response: z.object({ email: z.string() }),
  }),
  staffSetPassword: defineRoute({
    method: 'POST',
    path: 'Staff/SetPassword',
    access: 'public',
    tag: 'Staff',
    summary: "Sets a staff member's password through their link, once; ends their other sessions",
    body: resetPasswordRequestSchema,
    response: messageSchema,
  }),
};
