import type { Database } from '../../src/server/db/client';
import { type FormKind, formSubmissions, productEnquiries } from '../../src/server/db/schema';

/** A form as the shop stored it, sent at `at` (from an account when given). */
export async function storeSubmission(
  db: Database,
  values: { reference: string; kind: FormKind; at: string; accountId?: number; email?: string; payload: object },
) {
  const [row] = await db
    .insert(formSubmissions)
    .values({
      reference: values.reference,
      kind: values.kind,
      accountId: values.accountId ?? null,
      email: values.email ?? 'sender@fixture.test',
      payload: values.payload,
      createdAt: new Date(values.at),
    })
    .returning();
  if (!row) throw new Error('submission not stored');
  return row;
}

/** A product enquiry as the shop stored it. */
export async function storeEnquiry(
  db: Database,
  values: { reference: string; productId: number; at: string; name: string; email: string; message: string },
) {
  await db.insert(productEnquiries).values({
    reference: values.reference,
    productId: values.productId,
    name: values.name,
    email: values.email,
    message: values.message,
    createdAt: new Date(values.at),
  });
}
