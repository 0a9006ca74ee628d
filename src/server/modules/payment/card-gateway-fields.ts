import { z } from 'zod';
import { API_PREFIX } from '../../../contract/routes';
import type { Config } from '../../config';

/**
 * The hosted card page's protocol (docs/payments.md): what the shop's hidden form posts to the page, and what the
 * page calls back with. Both are signed with PAYMENT_GATEWAY_SECRET (integrations/payments/gateway-signature.ts).
 */
export const SANDBOX_PAY_PATH = `${API_PREFIX}/PaymentSandbox/Pay`;
export const SANDBOX_COMPLETE_PATH = `${API_PREFIX}/PaymentSandbox/Complete`;
export const PAYMENT_NOTIFY_PATH = `${API_PREFIX}/Payment/Notify`;

const field = z.string().max(500);

/** Posted by the browser to the hosted page (the Redirect result's keys and values). */
export const paymentRequestFieldsSchema = z.object({
  reference: z.string().min(1).max(64),
  amount: z.string().max(20),
  currency: z.literal('AUD'),
  description: field,
  returnUrl: field,
  failUrl: field,
  notifyUrl: field,
  timestamp: field,
  signature: z.string().max(128),
});
export type PaymentRequestFields = z.infer<typeof paymentRequestFieldsSchema>;

/** Sent by the hosted page to notifyUrl once the card was charged or refused. */
export const paymentNotificationSchema = z.object({
  reference: z.string().min(1).max(64),
  status: z.enum(['Approved', 'Declined']),
  amount: z.string().max(20),
  message: field,
  signature: z.string().max(128),
});
export type PaymentNotification = z.infer<typeof paymentNotificationSchema>;

/** Card payments need somewhere to pay: a configured hosted page, or the sandbox where it is switched on. */
export function cardPaymentsAvailable(config: Pick<Config, 'paymentGatewayUrl' | 'paymentSandbox'>): boolean {
  return config.paymentGatewayUrl !== undefined || config.paymentSandbox;
}

/** Where the hidden form posts: the configured hosted page, or the shop's own sandbox page. */
export function paymentPageUrl(config: Pick<Config, 'paymentGatewayUrl'>): string {
  return config.paymentGatewayUrl ?? SANDBOX_PAY_PATH;
}

/**
 * An address of the shop for the provider: absolute for a real provider, which lives elsewhere; a path for the
 * sandbox, so the browser returns to whichever origin it is on (the Vite dev server included).
 */
export function shopUrl(config: Pick<Config, 'paymentGatewayUrl' | 'publicUrl'>, path: string): string {
  return config.paymentGatewayUrl ? `${config.publicUrl}${path}` : path;
}

/** The page to come back to with the outcome: `?paid=<reference>` or `?failed=<reference>` added to returnPath. */
export function returnUrl(returnPath: string, outcome: 'paid' | 'failed', reference: string): string {
  const separator = returnPath.includes('?') ? '&' : '?';
  return `${returnPath}${separator}${outcome}=${encodeURIComponent(reference)}`;
}
