import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received, as PayPal would see it. */
export interface RecordedPayPalRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

/**
 * How the next captures answer: PayPal's 422 INSTRUMENT_DECLINED, a 201 whose capture is DECLINED, or (`hang`) not
 * at all until releaseHeldCaptures(), when they complete: PayPal slow to answer, the money taken all the same.
 */
export type CaptureBehaviour = 'complete' | 'unprocessable' | 'declined' | 'hang';

interface FakeOrder {
  readonly id: string;
  readonly amount: { currency_code: string; value: string };
  readonly referenceId: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
}

interface FakeCapture {
  readonly id: string;
  readonly amount: { currency_code: string; value: string };
  refundId: string | null;
}

export interface FakePayPal {
  /** The API base URL to put in PAYPAL_API_BASE. */
  readonly apiBase: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The settings that point a shop at this fake: PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_API_BASE. */
  readonly env: Readonly<Record<string, string>>;
  readonly requests: RecordedPayPalRequest[];
  readonly orders: ReadonlyMap<string, FakeOrder>;
  /** Completed captures by id, each with its refund's id once refunded. */
  readonly captures: ReadonlyMap<string, FakeCapture>;
  /** What captures answer from now on. */
  captureWith(behaviour: CaptureBehaviour): void;
  /** Captures received under `hang` and not answered yet. */
  heldCaptures(): number;
  /** Lets every held capture go on: each completes (and is answered, if the caller still listens). */
  releaseHeldCaptures(): void;
  /** Tokens issued so far. */
  tokensIssued(): number;
  close(): Promise<void>;
}

const TOKEN_LIFETIME_SECONDS = 32_400;

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, {
    'content-type': 'application/json',
    'paypal-debug-id': randomUUID().slice(0, 13),
    ...headers,
  });
  response.end(JSON.stringify(body));
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** PayPal's error body shape (https://developer.paypal.com/api/rest/responses/). */
function paypalError(name: string, message: string, issue: string, description: string) {
  return { name, message, debug_id: randomUUID().slice(0, 13), details: [{ issue, description }], links: [] };
}

/** PayPal's 404 for an id (or a path) it does not know. */
function resourceNotFound(description: string) {
  return paypalError(
    'RESOURCE_NOT_FOUND',
    'The specified resource does not exist.',
    'INVALID_RESOURCE_ID',
    description,
  );
}

/** Where the HTTP control routes live (options.control); never a path of PayPal's own. */
export const FAKE_PAYPAL_CONTROL_PATH = '/__fake-paypal';

/** What GET {FAKE_PAYPAL_CONTROL_PATH}/requests answers: the API requests recorded so far (headers left out). */
export interface FakePayPalRequestLog {
  readonly requests: { method: string; path: string; body: string }[];
}

export interface FakePayPalOptions {
  /**
   * HTTP control routes for tests that run in another process than the fake (the e2e specs): POST
   * {FAKE_PAYPAL_CONTROL_PATH}/capture-behaviour `{ "behaviour": CaptureBehaviour }` and GET
   * {FAKE_PAYPAL_CONTROL_PATH}/requests. They are neither authenticated nor recorded.
   */
  readonly control?: boolean;
}

const captureBehaviours: readonly CaptureBehaviour[] = ['complete', 'unprocessable', 'declined', 'hang'];
const isCaptureBehaviour = (value: unknown): value is CaptureBehaviour =>
  captureBehaviours.some((known) => known === value);

/**
 * A local stand-in for PayPal's REST API, speaking the requests and answers of the real one that the shop uses:
 * POST /v1/oauth2/token (client credentials, Basic auth), POST /v2/checkout/orders, POST /v2/checkout/orders/{id}/capture,
 * POST /v2/payments/captures/{id}/refund (in full).
 * A real HTTP server on an ephemeral loopback port; every request is recorded. Orders count as approved by the buyer
 * (the buttons' popup is the browser's business, not the server's).
 */
export async function startFakePayPal(options: FakePayPalOptions = {}): Promise<FakePayPal> {
  const clientId = `fake-client-${randomUUID().slice(0, 8)}`;
  const clientSecret = `fake-secret-${randomUUID()}`;
  const requests: RecordedPayPalRequest[] = [];
  const orders = new Map<string, FakeOrder>();
  const captures = new Map<string, FakeCapture>();
  const tokens = new Set<string>();
  const replies = new Map<string, { status: number; body: unknown }>();
  let captureBehaviour: CaptureBehaviour = 'complete';
  const held: (() => void)[] = [];

  const authorised = (request: IncomingMessage) =>
    tokens.has((request.headers.authorization ?? '').replace(/^Bearer /, ''));

  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      if (options.control && path.startsWith(`${FAKE_PAYPAL_CONTROL_PATH}/`)) {
        const route = `${request.method ?? 'GET'} ${path.slice(FAKE_PAYPAL_CONTROL_PATH.length)}`;
        if (route === 'GET /requests') {
          const log: FakePayPalRequestLog = {
            requests: requests.map(({ method, path: at, body: sent }) => ({ method, path: at, body: sent })),
          };
          return send(response, 200, log);
        }
        const behaviour =
          route === 'POST /capture-behaviour'
            ? (JSON.parse(body || '{}') as { behaviour?: unknown }).behaviour
            : undefined;
        if (!isCaptureBehaviour(behaviour))
          return send(response, 400, { message: `Unknown control request ${route} ${body}.` });
        captureBehaviour = behaviour;
        return send(response, 200, { behaviour });
      }
      requests.push({ method: request.method ?? 'GET', path, headers: request.headers, body });

      if (request.method === 'POST' && path === '/v1/oauth2/token') {
        const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
        if (
          request.headers.authorization !== expected ||
          new URLSearchParams(body).get('grant_type') !== 'client_credentials'
        ) {
          return send(response, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
        }
        const token = `A21AA${randomUUID().replaceAll('-', '')}`;
        tokens.add(token);
        return send(response, 200, {
          scope: 'https://uri.paypal.com/services/payments/payment',
          access_token: token,
          token_type: 'Bearer',
          app_id: 'APP-FAKE',
          expires_in: TOKEN_LIFETIME_SECONDS,
          nonce: randomUUID(),
        });
      }

      if (!authorised(request)) {
        return send(response, 401, {
          name: 'AUTHENTICATION_FAILURE',
          message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
          links: [],
        });
      }

      // PayPal-Request-Id makes a retried POST answer what the first one did.
      const requestId = request.headers['paypal-request-id'];
      const replayKey = typeof requestId === 'string' ? `${path}|${requestId}` : null;
      const replay = replayKey ? replies.get(replayKey) : undefined;
      if (replay) return send(response, replay.status, replay.body);
      const answer = (status: number, payload: unknown) => {
        if (replayKey) replies.set(replayKey, { status, body: payload });
        send(response, status, payload);
      };

      if (request.method === 'POST' && path === '/v2/checkout/orders') {
        const parsed = JSON.parse(body || '{}') as {
          intent?: string;
          purchase_units?: { reference_id?: string; amount?: { currency_code?: string; value?: string } }[];
        };
        const unit = parsed.purchase_units?.[0];
        if (
          parsed.intent !== 'CAPTURE' ||
          !unit?.amount?.currency_code ||
          !/^\d+\.\d{2}$/.test(unit.amount.value ?? '')
        ) {
          return answer(
            400,
            paypalError(
              'INVALID_REQUEST',
              'Request is not well-formed, syntactically incorrect, or violates schema.',
              'INVALID_PARAMETER_VALUE',
              'The value of a field is invalid.',
            ),
          );
        }
        const id = randomUUID().replaceAll('-', '').slice(0, 17).toUpperCase();
        const order: FakeOrder = {
          id,
          amount: { currency_code: unit.amount.currency_code, value: unit.amount.value ?? '' },
          referenceId: unit.reference_id ?? 'default',
          status: 'APPROVED',
        };
        orders.set(id, order);
        return answer(201, {
          id,
          status: 'CREATED',
          intent: 'CAPTURE',
          purchase_units: [{ reference_id: order.referenceId, amount: order.amount }],
          links: [{ href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}`, rel: 'approve', method: 'GET' }],
        });
      }

      const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
      if (request.method === 'POST' && capture) {
        const order = orders.get(decodeURIComponent(capture[1] ?? ''));
        if (!order) {
          return answer(
            404,
            resourceNotFound('Specified resource ID does not exist. Please check the resource ID and try again.'),
          );
        }
        if (order.status === 'COMPLETED') {
          return answer(
            422,
            paypalError(
              'UNPROCESSABLE_ENTITY',
              'The requested action could not be performed, semantically incorrect, or failed business validation.',
              'ORDER_ALREADY_CAPTURED',
              "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
            ),
          );
        }
        if (captureBehaviour === 'hang') await new Promise<void>((resolve) => held.push(resolve));
        if (captureBehaviour === 'unprocessable') {
          return answer(
            422,
            paypalError(
              'UNPROCESSABLE_ENTITY',
              'The requested action could not be performed, semantically incorrect, or failed business validation.',
              'INSTRUMENT_DECLINED',
              "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
            ),
          );
        }
        const captureStatus = captureBehaviour === 'declined' ? 'DECLINED' : 'COMPLETED';
        const captureId = `CAP${randomUUID().replaceAll('-', '').slice(0, 14).toUpperCase()}`;
        if (captureStatus === 'COMPLETED') {
          order.status = 'COMPLETED';
          captures.set(captureId, { id: captureId, amount: order.amount, refundId: null });
        }
        return answer(201, {
          id: order.id,
          status: captureStatus === 'COMPLETED' ? 'COMPLETED' : 'APPROVED',
          purchase_units: [
            {
              reference_id: order.referenceId,
              payments: {
                captures: [
                  {
                    id: captureId,
                    status: captureStatus,
                    amount: order.amount,
                    final_capture: true,
                  },
                ],
              },
            },
          ],
        });
      }

      const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
      if (request.method === 'POST' && refund) {
        const captured = captures.get(decodeURIComponent(refund[1] ?? ''));
        if (!captured) {
          return answer(
            404,
            resourceNotFound('Specified resource ID does not exist. Please check the resource ID and try again.'),
          );
        }
        if (captured.refundId !== null) {
          return answer(
            422,
            paypalError(
              'UNPROCESSABLE_ENTITY',
              'The requested action could not be performed, semantically incorrect, or failed business validation.',
              'CAPTURE_FULLY_REFUNDED',
              'The capture has already been fully refunded.',
            ),
          );
        }
        captured.refundId = randomUUID().replaceAll('-', '').slice(0, 17).toUpperCase();
        return answer(201, { id: captured.refundId, status: 'COMPLETED', amount: captured.amount });
      }

      return send(response, 404, resourceNotFound(`No route ${request.method} ${path}.`));
    })().catch((error: unknown) => send(response, 500, { name: 'INTERNAL_SERVER_ERROR', message: String(error) }));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const apiBase = `http://127.0.0.1:${port}`;
  return {
    apiBase,
    clientId,
    clientSecret,
    env: { PAYPAL_CLIENT_ID: clientId, PAYPAL_CLIENT_SECRET: clientSecret, PAYPAL_API_BASE: apiBase },
    requests,
    orders,
    captures,
    captureWith: (behaviour) => {
      captureBehaviour = behaviour;
    },
    heldCaptures: () => held.length,
    releaseHeldCaptures: () => {
      for (const release of held.splice(0)) release();
    },
    tokensIssued: () => tokens.size,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const release of held.splice(0)) release();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
