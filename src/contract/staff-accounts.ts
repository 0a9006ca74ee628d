import { z } from 'zod';
import { creditLimitSchema } from './account';
import { priceDisplaySchema } from './catalogue-common';
import { orderStatusSchema } from './checkout';
import { emailField, phoneField, postcodeField, stateCodeField } from './forms';
import { defineRoute } from './route';
import { staffAuditEntrySchema } from './staff';

/** An account code as the ERP spells it (C10001), any case in, upper case out. */
export const accountCodeField = z
  .string({ error: 'Enter an account code' })
  .trim()
  .min(1, 'Enter an account code')
  .max(32, 'Use at most 32 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'Use letters, digits and dashes')
  .transform((code) => code.toUpperCase());

export const staffAccountsQuerySchema = z.object({
  /** Part of an account code, trading name, or a user's name or email; empty lists every account. */
  search: z.string().trim().max(100).default(''),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const staffAccountSummarySchema = z.object({
  accountCode: z.string(),
  name: z.string(),
  state: z.string(),
  contactName: z.string().nullable(),
  isRestrictedSalesRetailer: z.boolean(),
  onHold: z.boolean(),
  disabled: z.boolean(),
});

export const staffAccountsPageSchema = z.object({
  accounts: z.array(staffAccountSummarySchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});

const optionalText = (max: number) => z.string().trim().max(max, `Use at most ${max} characters`).nullable();

/** What sales staff set on an account: who it is, its programs, how it sees prices, and whether it may sign in. */
export const staffAccountFieldsSchema = z.object({
  accountCode: accountCodeField,
  name: z.string({ error: 'Enter the trading name' }).trim().min(1, 'Enter the trading name').max(200),
  state: stateCodeField,
  isMarshalKeyDealer: z.boolean(),
  isAssociateDealer: z.boolean(),
  hasPitPass: z.boolean(),
  isRestrictedSalesRetailer: z.boolean(),
  priceDisplay: priceDisplaySchema,
  contactName: optionalText(100),
  phone: phoneField.nullable(),
  contactEmail: emailField.nullable(),
  deliveryAddress1: optionalText(200),
  deliveryCity: optionalText(100),
  deliveryPostcode: postcodeField.nullable(),
});
export type StaffAccountFields = z.output<typeof staffAccountFieldsSchema>;

export const staffAccountSaveSchema = staffAccountFieldsSchema.extend({
  /** No user of a disabled account can sign in, and their sessions end within 60 s. */
  disabled: z.boolean(),
});

/** What credit staff set: the limit (cents), the terms, and a hold that stops Trading Account orders whatever the limit. */
export const staffAccountCreditSchema = z.object({
  accountCode: accountCodeField,
  creditLimitValue: z.int().min(0, 'A limit cannot be negative').max(100_000_000_00),
  termsDays: z.int().min(0).max(365),
  onHold: z.boolean(),
});

export const staffAccountSchema = staffAccountSaveSchema.extend({
  /** What Staff/ImpersonationToken takes to act as the account. */
  accountId: z.int(),
  accountCode: z.string(),
  creditLimitValue: z.int(),
  termsDays: z.int(),
  onHold: z.boolean(),
  users: z.array(
    z.object({
      /** What Staff/ImpersonationToken's userId takes, to act as this user. */
      id: z.int(),
      email: z.string(),
      name: z.string(),
      disabled: z.boolean(),
      /** Invited and has not yet chosen a password through the invitation (or a reset link). */
      invited: z.boolean(),
    }),
  ),
  /** The credit position as the account's own Account/CreditLimit shows it. */
  credit: creditLimitSchema,
  /** Its latest orders, newest first. */
  recentOrders: z.array(
    z.object({
      orderNumber: z.string(),
      placedAt: z.iso.datetime({ offset: true }),
      status: orderStatusSchema,
      total: z.string(),
      totalValue: z.int(),
    }),
  ),
  /** The latest staff changes to the account, newest first. */
  audit: z.array(staffAuditEntrySchema),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

/** One user of an account, named by the email they sign in with. */
export const staffAccountUserSchema = z.object({
  accountCode: accountCodeField,
  email: emailField,
});

export const staffUserInviteSchema = staffAccountUserSchema.extend({
  name: z
    .string({ error: 'Enter their name' })
    .trim()
    .min(1, 'Enter their name')
    .max(100, 'Use at most 100 characters'),
});

export const staffUserAccessSchema = staffAccountUserSchema.extend({
  /** A disabled user cannot sign in, and their sessions end within 60 s. */
  disabled: z.boolean(),
});

const ACCOUNT_READERS = ['sales', 'credit'] as const;

export const staffAccountRoutes = {
  staffAccounts: defineRoute({
    method: 'GET',
    path: 'Staff/Accounts',
    access: 'staff',
    staffRoles: ACCOUNT_READERS,
    tag: 'Staff',
    summary: "Customer accounts by code, trading name, or a user's name or email, a page at a time, by code",
    query: staffAccountsQuerySchema,
    response: staffAccountsPageSchema,
  }),
  staffAccount: defineRoute({
    method: 'GET',
    path: 'Staff/Account',
    access: 'staff',
    staffRoles: ACCOUNT_READERS,
    tag: 'Staff',
    summary: 'One account: its details, users, credit position, latest orders and the staff changes made to it',
    query: z.object({ accountCode: accountCodeField }),
    response: staffAccountSchema,
  }),
  staffAccountCreate: defineRoute({
    method: 'POST',
    path: 'Staff/AccountCreate',
    access: 'staff',
    staffRoles: ['sales'],
    tag: 'Staff',
    summary: 'Creates a customer account (409 when the code is taken); its users are invited separately',
    body: staffAccountFieldsSchema,
    response: staffAccountSchema,
  }),
  staffAccountSave: defineRoute({
    method: 'POST',
    path: 'Staff/AccountSave',
    access: 'staff',
    staffRoles: ['sales'],
    tag: 'Staff',
    summary: "Saves an account's details, programs, price display and whether it is disabled (ending its sessions)",
    body: staffAccountSaveSchema,
    response: staffAccountSchema,
  }),
  staffAccountCredit: defineRoute({
    method: 'POST',
    path: 'Staff/AccountCredit',
    access: 'staff',
    staffRoles: ['credit'],
    tag: 'Staff',
    summary: "Sets an account's credit limit, terms and hold",
    body: staffAccountCreditSchema,
    response: staffAccountSchema,
  }),
  staffUserInvite: defineRoute({
    method: 'POST',
    path: 'Staff/UserInvite',
    access: 'staff',
    staffRoles: ['sales'],
    tag: 'Staff',
    summary: 'Adds a user to an account and mails them a single-use link to choose their password (409 when taken)',
    body: staffUserInviteSchema,
    response: staffAccountSchema,
  }),
  staffUserInvitationResend: defineRoute({
    method: 'POST',
    path: 'Staff/UserInvitationResend',
    access: 'staff',
    staffRoles: ['sales'],
    tag: 'Staff',
    summary: 'Mails an invited user a new link; the earlier one stops working (409 once they have a password)',
    body: staffAccountUserSchema,
    response: staffAccountSchema,
  }),
  staffUserAccess: defineRoute({
    method: 'POST',
    path: 'Staff/UserAccess',
    access: 'staff',
    staffRoles: ['sales'],
    tag: 'Staff',
    summary: 'Disables a user (ending their sessions) or enables them again',
    body: staffUserAccessSchema,
    response: staffAccountSchema,
  }),
  staffUserPasswordReset: defineRoute({
    method: 'POST',
    path: 'Staff/UserPasswordReset',
    access: 'staff',
    staffRoles: ['sales'],
    tag: 'Staff',
    summary: 'Mails a user a link to choose a new password; no one in the back office sees or sets it',
    body: staffAccountUserSchema,
    response: staffAccountSchema,
  }),
};
