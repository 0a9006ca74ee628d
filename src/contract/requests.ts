import { z } from 'zod';
import { bodyId, queryId } from './ids';
import { buyersToo } from './customer-roles';
import { defineRoute } from './route';
import { staffAuditEntrySchema } from './staff';
import { staffRoleSchema } from './staff-roles';

/** Where staff are with a request; a request nobody has looked at yet is new. */
export const requestStatuses = ['new', 'in review', 'approved', 'declined', 'closed'] as const;
export type RequestStatus = (typeof requestStatuses)[number];
export const requestStatusSchema = z.enum(requestStatuses, { error: `Choose one of ${requestStatuses.join(', ')}` });

/** What the requests queue holds: the forms a person sends the shop to act on, and product enquiries. */
export const requestKinds = [
  'ProductReturn',
  'WarrantyClaim',
  'ProductEnquiry',
  'DealerRegister',
  'RetailerRegister',
  'ContactUs',
] as const;
export type RequestKind = (typeof requestKinds)[number];
export const requestKindSchema = z.enum(requestKinds, { error: 'Choose a kind of request' });
export const requestKindLabels: Record<RequestKind, string> = {
  ProductReturn: 'Return',
  WarrantyClaim: 'Warranty claim',
  ProductEnquiry: 'Product enquiry',
  DealerRegister: 'Dealer application',
  RetailerRegister: 'Trade account application',
  ContactUs: 'Message',
};

/** The reference a sender was given, e.g. WC-7K3M9Q (form references) or PE-… (product enquiries). */
export const requestReferenceField = z
  .string({ error: 'Enter the reference' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2,4}-[A-Z0-9]{4,12}$/, 'Enter a reference such as WC-7K3M9Q');

export const requestsQuerySchema = z.object({
  kind: requestKindSchema.optional(),
  status: requestStatusSchema.optional(),
  /** 'me' (the caller), 'nobody' (unassigned), or a staff member's id. */
  assignee: z.union([z.enum(['me', 'nobody']), queryId]).optional(),
  /** Part of the reference, the sender's name or email, or the account code. */
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type RequestsQuery = z.input<typeof requestsQuerySchema>;

export const requestAssigneeSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

export const requestSummarySchema = z.object({
  reference: z.string(),
  kind: requestKindSchema,
  status: requestStatusSchema,
  submittedAt: z.iso.datetime({ offset: true }),
  senderName: z.string(),
  senderEmail: z.string(),
  accountCode: z.string().nullable(),
  assignee: requestAssigneeSchema.nullable(),
});
export type RequestSummary = z.infer<typeof requestSummarySchema>;

export const requestPageSchema = z.object({
  items: z.array(requestSummarySchema),
  totalCount: z.number().int(),
  page: z.number().int(),
  totalPages: z.number().int(),
});
export type RequestPage = z.infer<typeof requestPageSchema>;

export const requestNoteSchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime({ offset: true }),
  staffEmail: z.string(),
  text: z.string(),
});

/** How long a photo link works: long enough to open it, short enough that a copied link soon stops working. */
export const REQUEST_PHOTO_LINK_MINUTES = 5;

/** A photo of the request, opened through a read-only link that stops working at expiresAt. */
export const requestPhotoSchema = z.object({
  originalFileName: z.string(),
  url: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
});

export const requestDetailSchema = requestSummarySchema.extend({
  /** Every filled field as the form sent it, labelled, in the form's order. */
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
  photos: z.array(requestPhotoSchema),
  notes: z.array(requestNoteSchema),
  /** The staff changes to this request, newest first. */
  audit: z.array(staffAuditEntrySchema),
});
export type RequestDetail = z.infer<typeof requestDetailSchema>;

export const requestStatusRequestSchema = z.object({
  reference: requestReferenceField,
  status: requestStatusSchema,
});

export const requestAssignRequestSchema = z.object({
  reference: requestReferenceField,
  /** 'me', a staff member's id, or null to leave the request unassigned. */
  assignee: z.union([z.literal('me'), bodyId, z.null()], { error: "Choose a staff member, 'me' or nobody" }),
});

export const requestNoteRequestSchema = z.object({
  reference: requestReferenceField,
  text: z.string({ error: 'Write the note' }).trim().min(1, 'Write the note').max(4000, 'Use at most 4000 characters'),
});

export const staffMemberChoiceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: staffRoleSchema,
});

/** A return or warranty claim as its sender's account sees it. */
export const customerRequestSchema = z.object({
  reference: z.string(),
  kind: z.enum(['ProductReturn', 'WarrantyClaim']),
  submittedAt: z.iso.datetime({ offset: true }),
  status: requestStatusSchema,
});
export type CustomerRequest = z.infer<typeof customerRequestSchema>;

export const customerRequestsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const customerRequestPageSchema = z.object({
  items: z.array(customerRequestSchema),
  totalCount: z.number().int(),
  page: z.number().int(),
  totalPages: z.number().int(),
});

export const requestRoutes = {
  staffRequests: defineRoute({
    method: 'GET',
    path: 'Staff/Requests',
    access: 'staff',
    staffRoles: ['claims'],
    tag: 'Staff',
    summary: 'Returns, warranty claims, enquiries and applications, newest first, by kind, status, assignee or search',
    query: requestsQuerySchema,
    response: requestPageSchema,
  }),
  staffRequest: defineRoute({
    method: 'GET',
    path: 'Staff/Request',
    access: 'staff',
    staffRoles: ['claims'],
    tag: 'Staff',
    summary: 'One request: its fields as sent, photo links valid for minutes, status, assignee, notes and audit',
    query: z.object({ reference: requestReferenceField }),
    response: requestDetailSchema,
  }),
  staffRequestStatus: defineRoute({
    method: 'POST',
    path: 'Staff/RequestStatus',
    access: 'staff',
    staffRoles: ['claims'],
    tag: 'Staff',
    summary: "Sets a request's status; approving a trade account application opens the account",
    body: requestStatusRequestSchema,
    response: requestDetailSchema,
  }),
  staffRequestAssign: defineRoute({
    method: 'POST',
    path: 'Staff/RequestAssign',
    access: 'staff',
    staffRoles: ['claims'],
    tag: 'Staff',
    summary: 'Assigns a request to a staff member who works the queue, to the caller, or to nobody',
    body: requestAssignRequestSchema,
    response: requestDetailSchema,
  }),
  staffRequestNote: defineRoute({
    method: 'POST',
    path: 'Staff/RequestNote',
    access: 'staff',
    staffRoles: ['claims'],
    tag: 'Staff',
    summary: 'Adds an internal note to a request (never shown to the customer)',
    body: requestNoteRequestSchema,
    response: requestDetailSchema,
  }),
  staffStaffMembers: defineRoute({
    method: 'GET',
    path: 'Staff/StaffMembers',
    access: 'staff',
    staffRoles: ['claims'],
    tag: 'Staff',
    summary: 'The staff members requests can be assigned to (claims staff and administrators, not disabled)',
    response: z.array(staffMemberChoiceSchema),
  }),
  accountRequests: defineRoute({
    method: 'GET',
    path: 'Account/Requests',
    access: 'customer',
    customerRoles: buyersToo,
    tag: 'Account',
    summary: "The account's returns and warranty claims, newest first, with where staff are with each",
    query: customerRequestsQuerySchema,
    response: customerRequestPageSchema,
  }),
};
