import type { Handlers } from '../../http/handler';
import { problems } from '../../http/problem';
import { invoicePdfFileName, renderInvoicePdf } from '../../integrations/pdf/invoice-pdf';
import { readSiteSettings } from '../global/site-settings';
import { readAccountDetails, saveAccountDetails } from './account-details';
import { creditLimitAnswer, creditPosition } from './credit';
import { listInvoices, readInvoiceDetails } from './invoices';
import { userInfo } from './user-info';
import { inviteAccountUser, listAccountUsers, updateAccountUser } from './account-users';
import { changePassword, saveProfile } from './profile';

export const accountHandlers = {
  userInfo: async (_request, { db, principal }) => {
    if (!principal) throw problems.unauthorized();
    return userInfo(db, principal);
  },

  accountDetails: async (_request, context) => readAccountDetails(context.db, context.customer().accountId),

  accountDetailsSave: async ({ body }, context) =>
    saveAccountDetails(context.db, context.catalogue, context.customer().accountId, body, context.now()),

  accountInvoices: async ({ query }, context) =>
    listInvoices(context.db, context.customer().accountId, query, context.now()),

  accountInvoiceDetails: async ({ query }, context) =>
    readInvoiceDetails(context.db, context.catalogue, context.customer().accountId, query.invoiceNumber, context.now()),

  accountInvoicePdf: async ({ query }, context) => {
    const invoice = await readInvoiceDetails(
      context.db,
      context.catalogue,
      context.customer().accountId,
      query.invoiceNumber,
      context.now(),
    );
    const issuer = await readSiteSettings(context.db, context.config.seedDemoData);
    const pdf = await renderInvoicePdf(invoice, { ...issuer, ...context.config.seller });
    context.reply
      .header('content-disposition', `attachment; filename="${invoicePdfFileName(invoice.invoiceNumber)}"`)
      .header('cache-control', 'private, no-store');
    return pdf;
  },

  accountCreditLimit: async (_request, context) =>
    creditLimitAnswer(await creditPosition(context.db, context.customer().accountId)),

  accountUsers: async (_request, { db, customer }) => listAccountUsers(db, customer().accountId, customer().userId),

  accountUserInvite: async ({ body }, { db, config, customer, now }) => {
    await inviteAccountUser(db, config.publicUrl, customer().accountId, body, now());
    return listAccountUsers(db, customer().accountId, customer().userId);
  },

  accountUserUpdate: async ({ body }, { db, customer, now, reply }) => {
    await updateAccountUser(db, customer().accountId, body, now(), () => reply.server.sessionLiveness.forgetAll());
    return listAccountUsers(db, customer().accountId, customer().userId);
  },

  accountProfileSave: async ({ body }, { db, customer }) => saveProfile(db, customer().userId, body.name),

  accountPasswordChange: async ({ body }, { db, customer, now, reply }) => {
    const answer = await changePassword(db, customer(), body, now());
    reply.server.sessionLiveness.forgetAll();
    return answer;
  },
} satisfies Partial<Handlers>;
