import { type SQL, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { productEnquiryRequestSchema } from '../../../contract/catalogue-forms';
import {
  contactUsRequestSchema,
  dealerRegisterRequestSchema,
  productReturnRequestSchema,
  retailerRegisterRequestSchema,
  warrantyClaimRequestSchema,
} from '../../../contract/forms';
import {
  REQUEST_PHOTO_LINK_MINUTES,
  type RequestDetail,
  type RequestKind,
  type RequestPage,
  type RequestStatus,
  type RequestSummary,
  type requestsQuerySchema,
} from '../../../contract/requests';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { minutesAfter } from '../../dates';
import { requestNotes, uploads } from '../../db/schema';
import { problems } from '../../http/problem';
import { blobStorageFor } from '../../integrations/storage/blob-storage';
import { summarise } from '../forms/form-summary';
import { listStaffAudit } from '../staff/staff-audit';

export const REQUEST_PAGE_SIZE = 25;
/** Every staff change of one request fits on its page; a request is changed a handful of times. */
const AUDIT_SHOWN = 200;

/**
 * Every request in one list, whichever table holds it: the forms (by the kind they were sent as) and product
 * enquiries. The sender's name is the field the form asked it in.
 */
const requests = sql`(
  select reference, kind, account_id, email, created_at, payload,
    coalesce(payload->>'contactName', payload->>'name', '') as sender_name
  from form_submissions
  union all
  select pe.reference, 'ProductEnquiry', pe.account_id, pe.email, pe.created_at,
    jsonb_strip_nulls(jsonb_build_object(
      'product', p.name || ' (' || p.sku || ')', 'name', pe.name, 'email', pe.email, 'phone', pe.phone,
      'quantity', pe.quantity, 'message', pe.message)),
    pe.name
  from product_enquiries pe join products p on p.id = pe.product_id
)`;

interface RequestRow extends Record<string, unknown> {
  reference: string;
  kind: RequestKind;
  account_id: number | null;
  email: string;
  sender_name: string;
  submitted_ms: number | string;
  status: RequestStatus;
  account_code: string | null;
  assignee_id: number | null;
  assignee_name: string | null;
  assignee_email: string | null;
  payload: Record<string, unknown>;
}

const selectRequests = sql`
  select r.reference, r.kind, r.account_id, r.email, r.sender_name, r.payload,
    (extract(epoch from r.created_at) * 1000)::float8 as submitted_ms,
    coalesce(rv.status, 'new') as status, a.code as account_code,
    s.id as assignee_id, s.name as assignee_name, s.email as assignee_email
  from ${requests} r
  left join request_reviews rv on rv.reference = r.reference
  left join staff_users s on s.id = rv.assignee_staff_id
  left join accounts a on a.id = r.account_id`;

function summaryOf(row: RequestRow): RequestSummary {
  return {
    reference: row.reference,
    kind: row.kind,
    status: row.status,
    submittedAt: new Date(Number(row.submitted_ms)).toISOString(),
    senderName: row.sender_name,
    senderEmail: row.email,
    accountCode: row.account_code,
    assignee:
      row.assignee_id === null
        ? null
        : { id: Number(row.assignee_id), name: row.assignee_name ?? '', email: row.assignee_email ?? '' },
  };
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The queue, newest first, narrowed by kind, status, assignee and a search of reference, sender and account. */
export async function listRequests(
  db: Database,
  staffId: number,
  query: z.output<typeof requestsQuerySchema>,
): Promise<RequestPage> {
  const conditions: SQL[] = [];
  if (query.kind) conditions.push(sql`r.kind = ${query.kind}`);
  if (query.status) conditions.push(sql`coalesce(rv.status, 'new') = ${query.status}`);
  if (query.assignee === 'nobody') conditions.push(sql`rv.assignee_staff_id is null`);
  else if (query.assignee !== undefined) {
    conditions.push(sql`rv.assignee_staff_id = ${query.assignee === 'me' ? staffId : query.assignee}`);
  }
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    conditions.push(
      sql`(r.reference ilike ${like} or r.email ilike ${like} or r.sender_name ilike ${like} or a.code ilike ${like})`,
    );
  }
  const where = conditions.length ? sql` where ${sql.join(conditions, sql` and `)}` : sql``;
  const [rows, counted] = await Promise.all([
    db.execute(
      sql`${selectRequests}${where} order by r.created_at desc, r.reference desc
        limit ${REQUEST_PAGE_SIZE} offset ${(query.page - 1) * REQUEST_PAGE_SIZE}`,
    ),
    db.execute(sql`select count(*)::int as total from (${selectRequests}${where}) counted`),
  ]);
  const totalCount = Number(rowsOf<{ total: number }>(counted)[0]?.total ?? 0);
  return {
    items: rowsOf<RequestRow>(rows).map(summaryOf),
    totalCount,
    page: query.page,
    totalPages: Math.max(1, Math.ceil(totalCount / REQUEST_PAGE_SIZE)),
  };
}

export interface StoredRequest extends RequestSummary {
  readonly accountId: number | null;
  readonly payload: Record<string, unknown>;
}

/** One request as stored, or 404. */
export async function requireRequest(db: Database, reference: string): Promise<StoredRequest> {
  const [row] = rowsOf<RequestRow>(await db.execute(sql`${selectRequests} where r.reference = ${reference}`));
  if (!row) throw problems.notFound(`There is no request ${reference}.`);
  return {
    ...summaryOf(row),
    accountId: row.account_id === null ? null : Number(row.account_id),
    payload: row.payload,
  };
}

const FORM_SCHEMAS: Record<RequestKind, z.ZodType> = {
  ProductReturn: productReturnRequestSchema,
  WarrantyClaim: warrantyClaimRequestSchema,
  ProductEnquiry: productEnquiryRequestSchema,
  DealerRegister: dealerRegisterRequestSchema,
  RetailerRegister: retailerRegisterRequestSchema,
  ContactUs: contactUsRequestSchema,
};

/**
 * A stored payload with its fields in the order its form asks them: jsonb keeps keys in an order of its own. A field
 * the form does not name (an enquiry's product) comes first.
 */
function inFormOrder(value: unknown, schema: z.core.$ZodType | undefined): unknown {
  if (Array.isArray(value)) {
    return value.map((item: unknown) => inFormOrder(item, schema instanceof z.ZodArray ? schema.element : undefined));
  }
  if (typeof value !== 'object' || value === null) return value;
  const shape: Record<string, z.core.$ZodType> = schema instanceof z.ZodObject ? schema.shape : {};
  const keys = Object.keys(shape);
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(record)
      .sort((a, b) => keys.indexOf(a) - keys.indexOf(b))
      .map((key) => [key, inFormOrder(record[key], shape[key])]),
  );
}

/** The blob names of the photos a warranty claim was sent with. */
function photoNames(payload: Record<string, unknown>): string[] {
  const photos = payload['photos'];
  if (!Array.isArray(photos)) return [];
  return photos.flatMap((photo: unknown) =>
    typeof photo === 'object' && photo !== null && typeof (photo as { fileName?: unknown }).fileName === 'string'
      ? [(photo as { fileName: string }).fileName]
      : [],
  );
}

/**
 * Read-only links to the photos, valid for REQUEST_PHOTO_LINK_MINUTES: staff's browser reads the blob straight from
 * storage, and a link copied out of the back office soon stops working.
 */
async function photoLinks(
  db: Database,
  config: Pick<Config, 'azureStorageConnectionString' | 'uploadContainer'>,
  names: readonly string[],
  now: Date,
) {
  if (names.length === 0 || !config.azureStorageConnectionString) return [];
  const rows = await db
    .select({ blobName: uploads.blobName, originalFileName: uploads.originalFileName })
    .from(uploads)
    .where(inArray(uploads.blobName, [...names]));
  const byName = new Map(rows.map((row) => [row.blobName, row.originalFileName]));
  const storage = await blobStorageFor(config.azureStorageConnectionString, config.uploadContainer);
  const expiresOn = minutesAfter(now, REQUEST_PHOTO_LINK_MINUTES);
  return names.flatMap((name) => {
    const originalFileName = byName.get(name);
    return originalFileName === undefined
      ? []
      : [{ originalFileName, url: storage.readUrl(name, expiresOn), expiresAt: expiresOn.toISOString() }];
  });
}

/** One request with everything staff need to act on it. */
export async function requestDetail(
  db: Database,
  config: Pick<Config, 'azureStorageConnectionString' | 'uploadContainer'>,
  reference: string,
  now: Date,
): Promise<RequestDetail> {
  const { payload, accountId: _accountId, ...summary } = await requireRequest(db, reference);
  const photos = photoNames(payload);
  const { photos: _photos, ...fields } = payload;
  const [links, notes, audit] = await Promise.all([
    photoLinks(db, config, photos, now),
    db
      .select()
      .from(requestNotes)
      .where(eq(requestNotes.reference, summary.reference))
      .orderBy(asc(requestNotes.at), asc(requestNotes.id)),
    listStaffAudit(db, { subjectType: 'request', subjectRef: summary.reference, page: 1, pageSize: AUDIT_SHOWN }),
  ]);
  return {
    ...summary,
    fields: summarise(inFormOrder(fields, FORM_SCHEMAS[summary.kind]) as Record<string, unknown>).map(
      ([label, value]) => ({ label, value }),
    ),
    photos: links,
    notes: notes.map((note) => ({
      id: note.id,
      at: note.at.toISOString(),
      staffEmail: note.staffEmail,
      text: note.text,
    })),
    audit: audit.entries,
  };
}
