import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type ProgramSlug,
  type dealerPromotionRequestSchema,
  michelinPromotions,
  programFlags,
  programNames,
} from '../../../contract/dealer';
import type { FormReceipt } from '../../../contract/forms';
import { pitPassRewards } from '../../../contract/pit-pass';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { accounts, invoiceLines, pitPassEntries, programSubmissions } from '../../db/schema';
import { problems } from '../../http/problem';
import { accountInvoiceByNumber } from '../account/invoices';
import { type SummaryLine, summarise, summaryText } from '../forms/form-summary';
import { queueRequestMail, titledRequestWords } from '../forms/request-mail';
import { pitPassBalance } from '../pit-pass/pit-pass';
import { newProgramReference } from './program-reference';

type PromotionRequest = z.output<typeof dealerPromotionRequestSchema>;

interface PromotionContext {
  readonly db: Database;
  readonly config: Config;
  readonly now: Date;
  readonly customer: { accountId: number; userId: number };
}

/** The brand on invoice lines a Marshal key dealer claim counts. */
const MARSHAL_BRAND = 'Marshal';

type AccountRow = typeof accounts.$inferSelect;

/** SPEC.md §6: each program is open to accounts with its flag; everyone else gets 403. */
function requireMember(account: AccountRow, program: ProgramSlug): void {
  if (!account[programFlags[program]]) {
    throw problems.forbidden(`Your account is not in the ${programNames[program]}.`);
  }
}

async function brandQuantityOnInvoice(db: Database, invoiceId: number, brand: string): Promise<number> {
  const [row] = await db
    .select({ quantity: sql<string>`coalesce(sum(${invoiceLines.quantity}), 0)` })
    .from(invoiceLines)
    .where(and(eq(invoiceLines.invoiceId, invoiceId), sql`lower(${invoiceLines.brand}) = lower(${brand})`));
  return Number(row?.quantity ?? 0);
}

/** Checks a request against the account's own records; answers what it is called and what happens next. */
async function judge(
  db: Database,
  accountId: number,
  request: PromotionRequest,
): Promise<{ title: string; nextStep: string; readable: Record<string, unknown> }> {
  switch (request.program) {
    case 'marshall': {
      const invoice = await accountInvoiceByNumber(db, accountId, request.invoiceNumber);
      if (!invoice) {
        throw problems.badRequest('The invoice is not on your account.', [
          { name: 'invoiceNumber', reason: 'There is no invoice with this number on your account' },
        ]);
      }
      const onInvoice = await brandQuantityOnInvoice(db, invoice.id, MARSHAL_BRAND);
      if (request.quantity > onInvoice) {
        throw problems.badRequest(`Invoice ${invoice.invoiceNumber} has ${onInvoice} ${MARSHAL_BRAND} tyres.`, [
          { name: 'quantity', reason: `Claim at most the ${onInvoice} ${MARSHAL_BRAND} tyres on this invoice` },
        ]);
      }
      return {
        title: 'Marshal key dealer rebate claim',
        nextStep: 'The rebate is credited to your account with the next statement once the claim is checked.',
        readable: { ...request, invoiceNumber: invoice.invoiceNumber },
      };
    }
    case 'Michelin': {
      const promotion = michelinPromotions.find((p) => p.code === request.promotion);
      const [already] = await db
        .select({ reference: programSubmissions.reference })
        .from(programSubmissions)
        .where(
          and(
            eq(programSubmissions.accountId, accountId),
            eq(programSubmissions.program, 'Michelin'),
            sql`${programSubmissions.payload} ->> 'promotion' = ${request.promotion}`,
          ),
        );
      if (already) {
        throw problems.conflict(
          `Your account is already signed up to this promotion (reference ${already.reference}).`,
        );
      }
      return {
        title: 'Michelin associate promotion sign-up',
        nextStep: 'Your Michelin account manager confirms the promotion terms within two business days.',
        readable: { ...request, promotion: promotion?.name ?? request.promotion },
      };
    }
    case 'PitPass': {
      const reward = pitPassRewards.find((r) => r.code === request.reward);
      return {
        title: 'Pit Pass reward redemption',
        nextStep: 'The reward is sent with your next delivery.',
        readable: { ...request, reward: reward?.name ?? request.reward },
      };
    }
  }
}

/** Spends the points of a redemption, refusing when the balance does not cover it. Runs under the account's lock. */
async function spendPoints(
  tx: Database,
  accountId: number,
  request: Extract<PromotionRequest, { program: 'PitPass' }>,
  reference: string,
  now: Date,
): Promise<number> {
  const reward = pitPassRewards.find((r) => r.code === request.reward);
  if (!reward) throw problems.badRequest('Choose a reward', [{ name: 'reward', reason: 'Choose a reward' }]);
  const cost = reward.points * request.quantity;
  const balance = await pitPassBalance(tx, accountId);
  if (cost > balance) {
    throw problems.badRequest(`This redemption needs ${cost} points; your balance is ${balance}.`, [
      { name: 'quantity', reason: `You have ${balance} points: not enough for ${request.quantity} × ${reward.name}` },
    ]);
  }
  await tx.insert(pitPassEntries).values({
    accountId,
    occurredAt: now,
    description: `Redeemed ${request.quantity} × ${reward.name} (${reference})`,
    points: -cost,
  });
  return balance - cost;
}

/**
 * Stores a program request with its mails (the dealer's acknowledgement, the shop's copy) in one transaction, as form
 * submissions do: the mails leave through the mail outbox once it commits.
 */
export async function submitPromotion(context: PromotionContext, request: PromotionRequest): Promise<FormReceipt> {
  const { db, config, customer, now } = context;
  const reference = newProgramReference(request.program);
  const { verdict, balance } = await db.transaction(async (tx) => {
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, customer.accountId)).for('update');
    if (!account) throw problems.notFound('The account was not found.');
    requireMember(account, request.program);
    const judged = await judge(tx, customer.accountId, request);
    const remaining =
      request.program === 'PitPass' ? await spendPoints(tx, customer.accountId, request, reference, now) : null;
    await tx.insert(programSubmissions).values({
      reference,
      accountId: customer.accountId,
      userId: customer.userId,
      program: request.program,
      action: request.action,
      payload: request,
      createdAt: now,
    });
    const summary: SummaryLine[] = [
      ['Account', `${account.code} ${account.name}`],
      ['Program', programNames[request.program]],
      ...summarise(judged.readable).filter(([label]) => label !== 'Program'),
      ...(remaining === null ? [] : ([['Points remaining', String(remaining)]] as SummaryLine[])),
    ];
    await queueRequestMail(tx, config, now, {
      reference,
      sender: { name: request.contactName, email: request.contactEmail },
      customer,
      ...titledRequestWords(judged.title, reference, request.contactName, judged.nextStep),
      details: summaryText(summary),
      team: 'dealer programs',
    });
    return { verdict: judged, balance: remaining };
  });
  const balanceNote = balance === null ? '' : ` You have ${balance} points left.`;
  return {
    reference,
    message: `We received your ${verdict.title}: your reference is ${reference}. ${verdict.nextStep}${balanceNote}`,
  };
}
