import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AccountDetails, accountDetailsRequestSchema } from '../../../contract/account';
import type { AccountChangedEventData } from '../../../contract/events';
import type { Database } from '../../db/client';
import { accounts } from '../../db/schema';
import { problems } from '../../http/problem';
import { announceCatalogueChange } from '../catalogue/catalogue-changes';
import type { CatalogueReadModel } from '../catalogue/catalogue-read-model';
import { recordEvent } from '../events/outbox';

type AccountRow = typeof accounts.$inferSelect;
type DetailsInput = z.output<typeof accountDetailsRequestSchema>;
type ShownAddress = AccountDetails['deliveryAddress'];

function deliveryAddressOf(account: AccountRow): ShownAddress {
  return {
    address1: account.deliveryAddress1 ?? '',
    city: account.deliveryCity ?? '',
    postcode: account.deliveryPostcode ?? '',
    state: account.state,
  };
}

/** Billing goes to the delivery address until a billing street address of its own is saved. */
export function billingAddressOf(account: AccountRow): { sameAsDelivery: boolean; address: ShownAddress } {
  if (account.billingAddress1 === null) return { sameAsDelivery: true, address: deliveryAddressOf(account) };
  return {
    sameAsDelivery: false,
    address: {
      address1: account.billingAddress1,
      city: account.billingCity ?? '',
      postcode: account.billingPostcode ?? '',
      state: account.billingState ?? account.state,
    },
  };
}

export async function readAccount(db: Database, accountId: number): Promise<AccountRow> {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw problems.notFound('The account was not found.');
  return account;
}

function detailsOf(account: AccountRow): AccountDetails {
  const billing = billingAddressOf(account);
  return {
    accountCode: account.code,
    accountName: account.name,
    contactName: account.contactName ?? '',
    phone: account.phone ?? '',
    email: account.contactEmail ?? '',
    deliveryAddress: deliveryAddressOf(account),
    billingSameAsDelivery: billing.sameAsDelivery,
    billingAddress: billing.address,
    preferences: {
      priceDisplay: account.priceDisplay,
      useTabNavigation: account.useTabNavigation,
      mailWhenShipped: account.mailWhenShipped,
    },
    termsDays: account.termsDays,
  };
}

export async function readAccountDetails(db: Database, accountId: number): Promise<AccountDetails> {
  return detailsOf(await readAccount(db, accountId));
}

/** What Account/Details changed, field by field as the form shows them, with the new values. */
function accountChanges(before: AccountRow, after: AccountRow): AccountChangedEventData {
  const was = detailsOf(before);
  const is = detailsOf(after);
  const changes: AccountChangedEventData['changes'] = {};
  if (was.contactName !== is.contactName) changes.contactName = is.contactName;
  if (was.phone !== is.phone) changes.phone = is.phone;
  if (was.email !== is.email) changes.email = is.email;
  if (JSON.stringify(was.deliveryAddress) !== JSON.stringify(is.deliveryAddress))
    changes.deliveryAddress = is.deliveryAddress;
  const billingBefore = was.billingSameAsDelivery ? null : was.billingAddress;
  const billingAfter = is.billingSameAsDelivery ? null : is.billingAddress;
  if (JSON.stringify(billingBefore) !== JSON.stringify(billingAfter)) changes.billingAddress = billingAfter;
  if (was.preferences.priceDisplay !== is.preferences.priceDisplay) changes.priceDisplay = is.preferences.priceDisplay;
  if (was.preferences.useTabNavigation !== is.preferences.useTabNavigation)
    changes.useTabNavigation = is.preferences.useTabNavigation;
  if (was.preferences.mailWhenShipped !== is.preferences.mailWhenShipped)
    changes.mailWhenShipped = is.preferences.mailWhenShipped;
  return {
    accountCode: after.code,
    changedFields: Object.keys(changes) as AccountChangedEventData['changedFields'],
    changes,
  };
}

/**
 * Saves the details (and, when something changed, `account.changed` in the same transaction). The delivery state decides Local stock and the price display what the catalogue shows, so the
 * catalogue read model forgets its copy of the account: here at once, on other instances through the announcement.
 */
export async function saveAccountDetails(
  db: Database,
  catalogue: CatalogueReadModel,
  accountId: number,
  input: DetailsInput,
  now: Date,
): Promise<AccountDetails> {
  const billing = input.billingSameAsDelivery ? null : input.billingAddress;
  const saved = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
    const [account] = await tx
      .update(accounts)
      .set({
        contactName: input.contactName,
        phone: input.phone,
        contactEmail: input.email,
        deliveryAddress1: input.deliveryAddress.address1,
        deliveryCity: input.deliveryAddress.city,
        deliveryPostcode: input.deliveryAddress.postcode,
        state: input.deliveryAddress.state,
        billingAddress1: billing?.address1 ?? null,
        billingCity: billing?.city ?? null,
        billingPostcode: billing?.postcode ?? null,
        billingState: billing?.state ?? null,
        priceDisplay: input.preferences.priceDisplay,
        useTabNavigation: input.preferences.useTabNavigation,
        ...(input.preferences.mailWhenShipped === undefined
          ? {}
          : { mailWhenShipped: input.preferences.mailWhenShipped }),
      })
      .where(eq(accounts.id, accountId))
      .returning();
    if (!account || !before) throw problems.notFound('The account was not found.');
    const changed = accountChanges(before, account);
    if (changed.changedFields.length > 0) {
      await recordEvent(tx, {
        type: 'account.changed',
        subject: `account:${account.code}`,
        occurredAt: now,
        data: changed,
      });
    }
    await announceCatalogueChange(tx, { kind: 'account', accountId });
    return account;
  });
  catalogue.forgetAccount(accountId);
  return detailsOf(saved);
}
