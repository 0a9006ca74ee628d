import { eq } from 'drizzle-orm';
import { dealerProgramLabels } from '../../../contract/forms';
import type { Database } from '../../db/client';
import { accounts } from '../../db/schema';
import type { HandlerContext, Handlers } from '../../http/handler';
import { problems } from '../../http/problem';
import { captchaVerifierFor, requireCaptcha } from '../../integrations/captcha/captcha-verifier';
import { accountInvoiceByNumber } from '../account/invoices';
import { UPLOAD_MAX_BYTES } from '../../../contract/upload';
import { foreignUploads } from '../upload/upload-service';
import { uploadedFileUrl } from '../upload/uploaded-file';
import { markUploadsAccepted, verifyUploads } from '../upload/upload-verification';
import { claimTypes, isClaimType, isReturnReason, lookupLabel, readFormLookups, returnReasons } from './form-lookups';
import { type Submission, submitForm } from './form-service';
import { type SummaryLine, summarise } from './form-summary';

function withoutCaptcha<T extends { captchaToken?: string | undefined }>(body: T): Omit<T, 'captchaToken'> {
  const { captchaToken: _captcha, ...rest } = body;
  return rest;
}

async function accountLine(db: Database, accountId: number): Promise<SummaryLine> {
  const [account] = await db
    .select({ code: accounts.code, name: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return ['Account', account ? `${account.code} ${account.name}` : String(accountId)];
}

async function accountCodeOf(db: Database, accountId: number): Promise<string> {
  const [account] = await db.select({ code: accounts.code }).from(accounts).where(eq(accounts.id, accountId));
  return account?.code ?? String(accountId);
}

/** Returns and claims are made against the account's own invoices; another account's number is as unknown as none. */
async function requireOwnInvoice(db: Database, accountId: number, invoiceNumber: string): Promise<void> {
  if (await accountInvoiceByNumber(db, accountId, invoiceNumber)) return;
  throw problems.badRequest(`There is no invoice ${invoiceNumber} on your account.`, [
    { name: 'invoiceNumber', reason: 'Enter the number of one of your invoices' },
  ]);
}

async function send(context: HandlerContext, captchaToken: string | undefined, submission: Submission) {
  await requireCaptcha(captchaVerifierFor(context.config), captchaToken);
  return submitForm({ db: context.db, config: context.config, now: context.now() }, submission);
}

export const formHandlers = {
  formLookups: async (_request, { db }) => readFormLookups(db),
  captchaSettings: async (_request, { config }) => ({
    siteKey: config.recaptchaSecret ? (config.recaptchaSiteKey ?? null) : null,
  }),

  formContactUs: async ({ body }, context) => {
    const payload = withoutCaptcha(body);
    return send(context, body.captchaToken, {
      kind: 'ContactUs',
      title: 'message',
      senderName: body.name,
      senderEmail: body.email,
      payload,
      summary: summarise(payload),
      nextStep: 'Our trade sales team answers within one business day.',
    });
  },

  formProductReturn: async ({ body }, context) => {
    const customer = context.customer();
    const unknown = body.items.findIndex((item) => !isReturnReason(item.reasonCode));
    if (unknown >= 0) {
      throw problems.badRequest('Choose a return reason from the list.', [
        { name: `items.${unknown}.reasonCode`, reason: 'Choose a reason' },
      ]);
    }
    await requireOwnInvoice(context.db, customer.accountId, body.invoiceNumber);
    const accountCode = await accountCodeOf(context.db, customer.accountId);
    const payload = withoutCaptcha(body);
    const readable = {
      ...payload,
      items: payload.items.map((item) => ({ ...item, reasonCode: lookupLabel(returnReasons, item.reasonCode) })),
    };
    return send(context, body.captchaToken, {
      kind: 'ProductReturn',
      title: 'return request',
      senderName: body.contactName,
      senderEmail: body.contactEmail,
      payload,
      summary: [await accountLine(context.db, customer.accountId), ...summarise(readable)],
      customer,
      nextStep: 'We check the request against the invoice and send a return authorisation within two business days.',
      event: (reference) => ({
        type: 'return.requested',
        subject: `return:${reference}`,
        occurredAt: context.now(),
        data: {
          reference,
          accountCode,
          invoiceNumber: body.invoiceNumber,
          items: body.items.map((item) => ({
            lineNumber: item.lineNumber,
            sku: item.sku,
            quantity: item.quantity,
            reasonCode: item.reasonCode,
            reason: lookupLabel(returnReasons, item.reasonCode),
          })),
          comments: body.comments ?? null,
          contact: { name: body.contactName, email: body.contactEmail, phone: body.contactPhone },
        },
      }),
    });
  },

  formWarrantyClaim: async ({ body }, context) => {
    const customer = context.customer();
    if (!isClaimType(body.claimType)) {
      throw problems.badRequest('Choose a claim type from the list.', [
        { name: 'claimType', reason: 'Choose a claim type' },
      ]);
    }
    await requireOwnInvoice(context.db, customer.accountId, body.invoiceNumber);
    const foreign = await foreignUploads(
      context.db,
      customer.accountId,
      body.photos.map((photo) => photo.fileName),
    );
    if (foreign.length > 0) {
      throw problems.badRequest('Upload the photos again: some of them were not uploaded through this account.', [
        { name: 'photos', reason: 'Upload the photos again' },
      ]);
    }
    const photoNames = body.photos.map((photo) => photo.fileName);
    if ((await verifyUploads(context.db, context.config, customer.accountId, photoNames)).length > 0) {
      throw problems.badRequest(
        `Upload the photos again: each must be a photo or PDF of at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB, uploaded once.`,
        [{ name: 'photos', reason: 'Upload the photos again' }],
      );
    }
    const accountCode = await accountCodeOf(context.db, customer.accountId);
    const payload = withoutCaptcha(body);
    const readable = {
      ...payload,
      claimType: lookupLabel(claimTypes, payload.claimType),
      photos: payload.photos.map((photo) => `${photo.originalFileName} (${photo.fileName})`),
    };
    const receipt = await send(context, body.captchaToken, {
      kind: 'WarrantyClaim',
      title: 'warranty claim',
      senderName: body.contactName,
      senderEmail: body.contactEmail,
      payload,
      summary: [await accountLine(context.db, customer.accountId), ...summarise(readable)],
      customer,
      nextStep:
        'Keep the tyre until we ask for it: our warranty assessor reviews the photos and replies within five business days.',
      event: (reference) => ({
        type: 'warranty_claim.submitted',
        subject: `warranty_claim:${reference}`,
        occurredAt: context.now(),
        data: {
          reference,
          accountCode,
          invoiceNumber: body.invoiceNumber,
          claimType: body.claimType,
          claimTypeLabel: lookupLabel(claimTypes, body.claimType),
          brand: body.brand,
          tyreSize: body.tyreSize,
          pattern: body.pattern ?? null,
          dotSerial: body.dotSerial,
          treadDepthMm: body.treadDepthMm,
          kilometres: body.kilometres,
          vehicle: body.vehicle,
          endCustomerName: body.endCustomerName ?? null,
          faultDescription: body.faultDescription,
          photos: body.photos.map((photo) => ({
            blobName: photo.fileName,
            container: context.config.uploadContainer,
            originalFileName: photo.originalFileName,
            url: uploadedFileUrl(context.config, photo.fileName),
          })),
          contact: { name: body.contactName, email: body.contactEmail, phone: body.contactPhone },
        },
      }),
    });
    await markUploadsAccepted(context.db, photoNames, context.now());
    return receipt;
  },

  formRetailerRegister: async ({ body }, context) => {
    const payload = withoutCaptcha(body);
    return send(context, body.captchaToken, {
      kind: 'RetailerRegister',
      title: 'trade account application',
      senderName: body.contactName,
      senderEmail: body.email,
      payload,
      summary: summarise(payload),
      nextStep: 'Our credit team checks the ABN and your trade references, then calls you within three business days.',
      event: (reference) => ({
        type: 'application.retailer',
        subject: `application:${reference}`,
        occurredAt: context.now(),
        data: {
          reference,
          legalName: body.legalName,
          tradingName: body.tradingName,
          abn: body.abn,
          businessType: body.businessType,
          yearsTrading: body.yearsTrading,
          address: { address1: body.address, suburb: body.suburb, state: body.state, postcode: body.postcode },
          position: body.position ?? null,
          website: body.website ?? null,
          monthlySpend: body.monthlySpend,
          tradeReferences: body.tradeReferences.map((trade) => ({
            company: trade.company,
            contactName: trade.contactName,
            phone: trade.phone,
          })),
          contact: { name: body.contactName, email: body.email, phone: body.phone },
        },
      }),
    });
  },

  dealerRegister: async ({ body }, context) => {
    const customer = context.customer();
    const accountCode = await accountCodeOf(context.db, customer.accountId);
    const payload = withoutCaptcha(body);
    return send(context, body.captchaToken, {
      kind: 'DealerRegister',
      title: `${dealerProgramLabels[body.program]} application`,
      senderName: body.contactName,
      senderEmail: body.contactEmail,
      payload,
      summary: [
        await accountLine(context.db, customer.accountId),
        ...summarise({ ...payload, program: dealerProgramLabels[payload.program] }),
      ],
      customer,
      nextStep: 'Your account manager will contact you to talk through the program.',
      event: (reference) => ({
        type: 'application.dealer',
        subject: `application:${reference}`,
        occurredAt: context.now(),
        data: {
          reference,
          accountCode,
          program: body.program,
          serviceBays: body.serviceBays,
          monthlyTyreUnits: body.monthlyTyreUnits,
          brandsStocked: body.brandsStocked ?? null,
          message: body.message ?? null,
          contact: { name: body.contactName, email: body.contactEmail, phone: body.contactPhone },
        },
      }),
    });
  },
} satisfies Partial<Handlers>;
