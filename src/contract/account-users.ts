import { z } from 'zod';
import { newPasswordSchema } from './auth';
import { customerRoleSchema, everyCustomerUser, ownerOnly } from './customer-roles';
import { emailField } from './forms';
import { defineRoute } from './route';

const personName = z
  .string({ error: 'Enter their name' })
  .trim()
  .min(1, 'Enter their name')
  .max(100, 'Use at most 100 characters');

/** One user of the caller's account, as the owner's users page lists them. */
export const accountUserSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: customerRoleSchema,
  /** The owner's switch for a buyer; always true for an owner and false for a counter user. */
  canPayInvoices: z.boolean(),
  disabled: z.boolean(),
  /** Invited and has not yet chosen a password through the invitation. */
  invited: z.boolean(),
  /** The caller themselves. */
  isYou: z.boolean(),
});
export type AccountUser = z.infer<typeof accountUserSchema>;

export const accountUsersSchema = z.object({ users: z.array(accountUserSchema) });
export type AccountUsers = z.infer<typeof accountUsersSchema>;

/** A new person for the account: they choose their own password through the mailed link. */
export const accountUserInviteSchema = z.object({
  email: emailField,
  name: personName,
  role: customerRoleSchema,
  /** Only a buyer's switch is kept; an owner always may pay invoices and a counter user never. */
  canPayInvoices: z.boolean().default(false),
});
export type AccountUserInvite = z.input<typeof accountUserInviteSchema>;

/** What the owner changes about one user, named by email: role, the buyer's switch, and whether they may sign in. */
export const accountUserUpdateSchema = z.object({
  email: emailField,
  role: customerRoleSchema,
  canPayInvoices: z.boolean(),
  disabled: z.boolean(),
});
export type AccountUserUpdate = z.input<typeof accountUserUpdateSchema>;

/** The signed-in user's own name, as the profile page edits it. */
export const profileSchema = z.object({
  name: z.string({ error: 'Enter your name' }).trim().min(1, 'Enter your name').max(100, 'Use at most 100 characters'),
});
export type Profile = z.input<typeof profileSchema>;

export const passwordChangeSchema = z.object({
  currentPassword: z.string().min(1, 'Enter your current password').max(200),
  newPassword: newPasswordSchema,
});
export type PasswordChange = z.input<typeof passwordChangeSchema>;

export const accountUserRoutes = {
  accountUsers: defineRoute({
    method: 'GET',
    path: 'Account/Users',
    access: 'customer',
    customerRoles: ownerOnly,
    tag: 'Account',
    summary: "The account's users with their roles, whether they are disabled and whether they are still invited",
    response: accountUsersSchema,
  }),
  accountUserInvite: defineRoute({
    method: 'POST',
    path: 'Account/UserInvite',
    access: 'customer',
    customerRoles: ownerOnly,
    tag: 'Account',
    summary:
      'Adds a user with a role and mails them a single-use link (7 days) to choose their password; 400 naming email when it is taken',
    body: accountUserInviteSchema,
    response: accountUsersSchema,
  }),
  accountUserUpdate: defineRoute({
    method: 'POST',
    path: 'Account/UserUpdate',
    access: 'customer',
    customerRoles: ownerOnly,
    tag: 'Account',
    summary:
      "Changes a user's role, a buyer's switch to pay invoices, or disables them (ending their sessions); 409 for the last enabled owner",
    body: accountUserUpdateSchema,
    response: accountUsersSchema,
  }),
  accountProfileSave: defineRoute({
    method: 'POST',
    path: 'Account/Profile',
    access: 'customer',
    customerRoles: everyCustomerUser,
    tag: 'Account',
    summary: "Saves the signed-in user's own name",
    body: profileSchema,
    response: profileSchema,
  }),
  accountPasswordChange: defineRoute({
    method: 'POST',
    path: 'Account/ChangePassword',
    access: 'customer',
    customerRoles: everyCustomerUser,
    tag: 'Account',
    summary:
      "Changes the signed-in user's password given the current one; every session of theirs ends, so they sign in again",
    body: passwordChangeSchema,
    response: z.object({ message: z.string() }),
  }),
};
