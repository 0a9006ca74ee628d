import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { payments } from '../../db/schema';
import { centsOfDecimal } from '../../../domain/money';
import { hasValidSignature, signed } from '../../integrations/payments/gateway-signature';
import {
  PAYMENT_NOTIFY_PATH,
  SANDBOX_COMPLETE_PATH,
  SANDBOX_PAY_PATH,
  type PaymentNotification,
  type PaymentRequestFields,
  paymentRequestFieldsSchema,
} from './card-gateway-fields';
import type { CatalogueReadModel } from '../catalogue/catalogue-read-model';
import { receivePaymentNotification } from './payment-completion';
import { sandboxPaymentPage, sandboxRefusalPage } from './sandbox-page';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Reached by a browser's form post or by a provider's server, neither of which can send X-Api-Key; these routes
     * are authenticated by their signature instead.
     */
    withoutApiKey?: boolean;
  }
}

/** What the sandbox tells the shop when the customer presses Decline. */
export const SANDBOX_DECLINE_MESSAGE = 'The card was declined.';

interface ProviderRouteDeps {
  readonly db: Database;
  readonly catalogue: CatalogueReadModel;
  readonly config: Config;
  readonly now: () => Date;
}

const FORM_BODY_LIMIT = 16_384;
const routeOptions = { config: { withoutApiKey: true }, schema: { hide: true } } as const;
const choiceSchema = z.object({ action: z.enum(['pay', 'decline']) });

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/** A return address the sandbox may send the browser to: a path of the shop itself, never another site. */
function isShopPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}

/** The shop's signed request, or null when it was not signed by the shop (forged, altered, incomplete). */
function signedRequest(config: Config, body: unknown): PaymentRequestFields | null {
  const fields = paymentRequestFieldsSchema.safeParse(body);
  if (!fields.success || !hasValidSignature(config.paymentGatewaySecret, fields.data)) return null;
  return isShopPath(fields.data.returnUrl) && isShopPath(fields.data.failUrl) ? fields.data : null;
}

const NOT_SIGNED = 'This payment request was not made by the shop, or was changed on the way, so it cannot be paid.';

/**
 * The routes a card payment provider talks to: the notification it calls back (always), and while the sandbox is on
 * (config.paymentSandbox: demo mode, or PAYMENT_SANDBOX=true outside production; never with a gateway) the shop's own sandbox hosted page
 * standing in for the provider (docs/payments.md).
 * Both take form posts (application/x-www-form-urlencoded), which only these routes parse.
 */
export function registerPaymentProviderRoutes(app: FastifyInstance, deps: ProviderRouteDeps): void {
  const { config } = deps;
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    scope.post(PAYMENT_NOTIFY_PATH, routeOptions, async (request) => {
      const payment = await receivePaymentNotification(
        { db: deps.db, catalogue: deps.catalogue, config, now: deps.now() },
        request.body,
      );
      return { reference: payment.reference, status: payment.status };
    });

    if (!config.paymentSandbox) return;

    scope.post(SANDBOX_PAY_PATH, routeOptions, async (request, reply) => {
      const fields = signedRequest(config, request.body);
      if (!fields) return sendPage(reply, 400, sandboxRefusalPage(NOT_SIGNED));
      const [payment] = await deps.db.select().from(payments).where(eq(payments.reference, fields.reference));
      if (!payment || centsOfDecimal(fields.amount) !== payment.amountCents) {
        return sendPage(reply, 404, sandboxRefusalPage('The shop knows no payment with this reference.'));
      }
      if (payment.status !== 'Pending')
        return reply.redirect(payment.status === 'Completed' ? fields.returnUrl : fields.failUrl, 303);
      return sendPage(reply, 200, sandboxPaymentPage(fields, payment.amountCents));
    });

    // What a real provider does once the card is charged or refused: tell the shop (signed), then send the browser back.
    scope.post(SANDBOX_COMPLETE_PATH, routeOptions, async (request, reply) => {
      const fields = signedRequest(config, request.body);
      const choice = choiceSchema.safeParse(request.body);
      if (!fields || !choice.success) return sendPage(reply, 400, sandboxRefusalPage(NOT_SIGNED));
      const approved = choice.data.action === 'pay';
      const notification: Omit<PaymentNotification, 'signature'> = {
        reference: fields.reference,
        status: approved ? 'Approved' : 'Declined',
        amount: fields.amount,
        message: approved ? '' : SANDBOX_DECLINE_MESSAGE,
      };
      const payment = await receivePaymentNotification(
        { db: deps.db, catalogue: deps.catalogue, config, now: deps.now() },
        signed(config.paymentGatewaySecret, notification),
      );
      return reply.redirect(payment.status === 'Completed' ? fields.returnUrl : fields.failUrl, 303);
    });
  });
}
