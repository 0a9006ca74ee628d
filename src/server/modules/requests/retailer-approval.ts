import { retailerRegisterRequestSchema } from '../../../contract/forms';
import type { Database } from '../../db/client';
import type { formSubmissions } from '../../db/schema';
import { problems } from '../../http/problem';
import { unknownPasswordHash } from '../auth/user-invitation';
import { inviteToAccount } from '../staff/account-users';
import { openAccount } from '../staff/staff-accounts';

/** The application as it was stored: the form's fields less the captcha answer. */
const storedApplicationSchema = retailerRegisterRequestSchema.omit({ captchaToken: true });

/**
 * Opens the trade account a retailer applied for and invites its contact as the first user, in the transaction that
 * approves the application. The account's code is the application's reference: the shop must not mint codes from
 * the ERP's own series, and sales can see at a glance where the account came from. It starts with no credit limit
 * (card and PayPal only) until credit staff set one.
 */
export async function approveRetailerApplication(
  tx: Database,
  publicUrl: string,
  submission: typeof formSubmissions.$inferSelect,
  staffId: number,
  now: Date,
): Promise<void> {
  const stored = storedApplicationSchema.safeParse(submission.payload);
  if (!stored.success) {
    throw problems.conflict(`Application ${submission.reference} is incomplete, so no account can be opened from it.`);
  }
  const application = stored.data;
  const account = await openAccount(
    tx,
    staffId,
    {
      accountCode: submission.reference,
      name: application.tradingName,
      state: application.state,
      isMarshalKeyDealer: false,
      isAssociateDealer: false,
      hasPitPass: false,
      isRestrictedSalesRetailer: false,
      priceDisplay: 'Trade',
      contactName: application.contactName,
      phone: application.phone,
      contactEmail: application.email,
      deliveryAddress1: application.address,
      deliveryCity: application.suburb,
      deliveryPostcode: application.postcode,
    },
    now,
  );
  const person = { email: application.email, name: application.contactName, passwordHash: await unknownPasswordHash() };
  await inviteToAccount(tx, publicUrl, staffId, account, person, now);
}
