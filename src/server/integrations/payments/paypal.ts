import { z } from 'zod';
import type { Config } from '../../config';
import { decimalOfCents } from '../../../domain/money';

export type PayPalSettings = NonNullable<Config['paypal']>;

/** A payment provider refused or failed; `message` is the provider's own words, shown as 'Error: {message}'. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    /** The provider's HTTP status, when it answered. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }

  /** No answer, or a 5xx: the provider may have done what was asked, so the money's fate is unknown. */
  get outcomeUnknown(): boolean {
    return this.status === undefined || this.status >= 500;
  }
}

/** Without PAYPAL_TIMEOUT_SECONDS' value, a call to PayPal is given this long. */
const DEFAULT_TIMEOUT_MS = 30_000;

export interface PayPalClient {
  /** Creates an Orders v2 order (intent CAPTURE, AUD) and answers its id for the buttons. */
  createOrder(input: { amountCents: number; reference: string }): Promise<{ id: string }>;
  /** Captures an approved order: COMPLETED, or DECLINED when PayPal declined the capture. */
  captureOrder(id: string): Promise<{ status: 'COMPLETED' | 'DECLINED'; captureId?: string }>;
  /** Refunds a capture in full and answers the refund's id; asking again for the same capture answers the same one. */
  refundCapture(captureId: string): Promise<{ id: string }>;
}

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().int().positive() });
const createdSchema = z.object({ id: z.string().min(1) });
const refundSchema = z.object({ id: z.string().min(1), status: z.string() });
const capturedSchema = z.object({
  status: z.string(),
  purchase_units: z
    .array(
      z.object({
        payments: z
          .object({ captures: z.array(z.object({ id: z.string(), status: z.string() })).optional() })
          .optional(),
      }),
    )
    .optional(),
});
/** PayPal's error body: { name, message, details: [{ issue, description }] } (or OAuth's error_description). */
const errorSchema = z.object({
  name: z.string().optional(),
  message: z.string().optional(),
  error_description: z.string().optional(),
  details: z.array(z.object({ issue: z.string().optional(), description: z.string().optional() })).optional(),
});

/** Refresh a token this long before PayPal says it expires, so a call never starts with a dying token. */
const TOKEN_MARGIN_MS = 60_000;

interface CachedToken {
  readonly value: string;
  readonly expiresAt: number;
}

/**
 * Access tokens by API base and client id. Handlers make a client per request; PayPal asks callers to reuse a token
 * until it expires rather than fetch one per call. Losing this cache (a restart) only costs one token request.
 */
const tokens = new Map<string, CachedToken>();

function providerMessage(body: unknown, status: number): string {
  const parsed = errorSchema.safeParse(body);
  if (!parsed.success) return `PayPal answered ${status}.`;
  const detail = parsed.data.details?.[0];
  return (
    detail?.description ??
    parsed.data.message ??
    parsed.data.error_description ??
    detail?.issue ??
    parsed.data.name ??
    `PayPal answered ${status}.`
  );
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** PayPal's Orders v2 REST API with client-credentials OAuth2, at config.paypal.apiBase (PAYPAL_API_BASE). */
export function createPayPalClient(
  config: Pick<Config, 'paypal'>,
  options: { fetch?: typeof fetch; now?: () => number; timeoutMs?: number } = {},
): PayPalClient {
  const fetchImpl = options.fetch ?? ((...args) => globalThis.fetch(...args));
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  const settings = (): PayPalSettings => {
    if (!config.paypal) throw new PaymentProviderError('PayPal is not configured.');
    return config.paypal;
  };

  const send = async (url: string, init: RequestInit): Promise<{ status: number; body: unknown }> => {
    // A slow PayPal must not hold a request (or what the caller holds) for ever.
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const response = await fetchImpl(url, { ...init, signal });
      return { status: response.status, body: await readJson(response) };
    } catch (error) {
      if (signal.aborted)
        throw new PaymentProviderError(`PayPal did not answer in time (${Math.round(timeoutMs / 1000)} s).`);
      throw new PaymentProviderError(`PayPal could not be reached (${(error as Error).message}).`);
    }
  };

  const accessToken = async (paypal: PayPalSettings): Promise<string> => {
    const key = `${paypal.apiBase}|${paypal.clientId}`;
    const cached = tokens.get(key);
    if (cached && cached.expiresAt > now()) return cached.value;
    const basic = Buffer.from(`${paypal.clientId}:${paypal.clientSecret}`).toString('base64');
    const { status, body } = await send(`${paypal.apiBase}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    const token = tokenSchema.safeParse(body);
    if (status !== 200 || !token.success) throw new PaymentProviderError(providerMessage(body, status), status);
    tokens.set(key, {
      value: token.data.access_token,
      expiresAt: now() + token.data.expires_in * 1000 - TOKEN_MARGIN_MS,
    });
    return token.data.access_token;
  };

  const call = async (path: string, payload: object, requestId: string) => {
    const paypal = settings();
    const token = await accessToken(paypal);
    return send(`${paypal.apiBase}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json',
        prefer: 'return=representation',
        // PayPal's idempotency key: a retried create or capture answers the first result instead of repeating it.
        'paypal-request-id': requestId,
      },
      body: JSON.stringify(payload),
    });
  };

  return {
    async createOrder({ amountCents, reference }) {
      const { status, body } = await call(
        '/v2/checkout/orders',
        {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: reference,
              custom_id: reference,
              amount: { currency_code: 'AUD', value: decimalOfCents(amountCents) },
            },
          ],
        },
        `create-${reference}`,
      );
      const created = createdSchema.safeParse(body);
      if (status >= 300 || !created.success) throw new PaymentProviderError(providerMessage(body, status), status);
      return { id: created.data.id };
    },

    async captureOrder(id) {
      const { status, body } = await call(`/v2/checkout/orders/${encodeURIComponent(id)}/capture`, {}, `capture-${id}`);
      if (status >= 300) throw new PaymentProviderError(providerMessage(body, status), status);
      const captured = capturedSchema.safeParse(body);
      if (!captured.success)
        throw new PaymentProviderError(`PayPal answered an unexpected capture (${status}).`, status);
      const capture = captured.data.purchase_units?.[0]?.payments?.captures?.[0];
      const completed = captured.data.status === 'COMPLETED' && capture?.status === 'COMPLETED';
      return completed
        ? { status: 'COMPLETED', captureId: capture.id }
        : { status: 'DECLINED', ...(capture ? { captureId: capture.id } : {}) };
    },

    async refundCapture(captureId) {
      // No amount: PayPal refunds what is left of the capture, which is all of it.
      const { status, body } = await call(
        `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
        {},
        `refund-${captureId}`,
      );
      const refund = refundSchema.safeParse(body);
      if (status >= 300 || !refund.success) throw new PaymentProviderError(providerMessage(body, status), status);
      if (refund.data.status !== 'COMPLETED' && refund.data.status !== 'PENDING')
        throw new PaymentProviderError(`PayPal did not refund the payment (${refund.data.status}).`, status);
      return { id: refund.data.id };
    },
  };
}
