import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PaymentProviderError, createPayPalClient } from '../../src/server/integrations/payments/paypal';
import { type FakePayPal, startFakePayPal } from '../support/fake-paypal';

describe("the PayPal client speaks PayPal's Orders v2 REST API", () => {
  let paypal: FakePayPal;
  let settings: { paypal: { clientId: string; clientSecret: string; apiBase: string } };

  beforeAll(async () => {
    paypal = await startFakePayPal();
    settings = { paypal: { clientId: paypal.clientId, clientSecret: paypal.clientSecret, apiBase: paypal.apiBase } };
  });
  afterAll(() => paypal.close());
  beforeEach(() => paypal.captureWith('complete'));

  it('creates an AUD order with intent CAPTURE, the amount as a two-decimal string, and captures it', async () => {
    const client = createPayPalClient(settings);
    const { id } = await client.createOrder({ amountCents: 12_345, reference: 'ORDER-1' });
    const create = paypal.requests.find((request) => request.path === '/v2/checkout/orders');
    expect(create?.headers['content-type']).toBe('application/json');
    expect(create?.headers.authorization).toMatch(/^Bearer A21AA/);
    expect(JSON.parse(create?.body ?? '{}')).toEqual({
      intent: 'CAPTURE',
      purchase_units: [
        { reference_id: 'ORDER-1', custom_id: 'ORDER-1', amount: { currency_code: 'AUD', value: '123.45' } },
      ],
    });
    expect(paypal.orders.get(id)?.amount).toEqual({ currency_code: 'AUD', value: '123.45' });

    const captured = await client.captureOrder(id);
    expect(captured.status).toBe('COMPLETED');
    expect(captured.captureId).toMatch(/^CAP/);
    expect(paypal.requests.at(-1)?.path).toBe(`/v2/checkout/orders/${id}/capture`);
  });

  it('formats whole dollars and cents the way PayPal expects', async () => {
    const client = createPayPalClient(settings);
    for (const [cents, value] of [
      [100, '1.00'],
      [5, '0.05'],
      [1_000_000, '10000.00'],
    ] as const) {
      const { id } = await client.createOrder({ amountCents: cents, reference: `R-${cents}` });
      expect(paypal.orders.get(id)?.amount.value).toBe(value);
    }
  });

  it('asks for a token with client credentials once and reuses it until it nearly expires', async () => {
    let clock = Date.parse('2026-11-22T00:00:00Z');
    const fresh = await startFakePayPal();
    try {
      const client = createPayPalClient(
        { paypal: { clientId: fresh.clientId, clientSecret: fresh.clientSecret, apiBase: fresh.apiBase } },
        { now: () => clock },
      );
      await client.createOrder({ amountCents: 1_000, reference: 'A' });
      await client.createOrder({ amountCents: 2_000, reference: 'B' });
      // Another client object (a handler makes one per request) reuses the same token.
      await createPayPalClient(
        { paypal: { clientId: fresh.clientId, clientSecret: fresh.clientSecret, apiBase: fresh.apiBase } },
        { now: () => clock },
      ).createOrder({ amountCents: 3_000, reference: 'C' });
      const tokenRequests = fresh.requests.filter((request) => request.path === '/v1/oauth2/token');
      expect(tokenRequests).toHaveLength(1);
      expect(tokenRequests[0]?.body).toBe('grant_type=client_credentials');
      expect(tokenRequests[0]?.headers.authorization).toBe(
        `Basic ${Buffer.from(`${fresh.clientId}:${fresh.clientSecret}`).toString('base64')}`,
      );

      clock += 32_400_000; // the token's 9 hours have passed
      await client.createOrder({ amountCents: 4_000, reference: 'D' });
      expect(fresh.tokensIssued()).toBe(2);
    } finally {
      await fresh.close();
    }
  });

  it("throws PaymentProviderError with PayPal's description when the capture is refused (422 INSTRUMENT_DECLINED)", async () => {
    const client = createPayPalClient(settings);
    const { id } = await client.createOrder({ amountCents: 5_000, reference: 'DECLINE-1' });
    paypal.captureWith('unprocessable');
    const failure = await client.captureOrder(id).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PaymentProviderError);
    expect((failure as PaymentProviderError).status).toBe(422);
    expect((failure as PaymentProviderError).message).toMatch(/declined by the processor or bank/);
  });

  it('answers DECLINED when PayPal accepts the request but declines the capture', async () => {
    const client = createPayPalClient(settings);
    const { id } = await client.createOrder({ amountCents: 5_000, reference: 'DECLINE-2' });
    paypal.captureWith('declined');
    expect((await client.captureOrder(id)).status).toBe('DECLINED');
  });

  it('refuses to capture twice, and sends the same PayPal-Request-Id on a retry so PayPal answers the first result', async () => {
    const client = createPayPalClient(settings);
    const { id } = await client.createOrder({ amountCents: 7_000, reference: 'TWICE' });
    const first = await client.captureOrder(id);
    const retried = await client.captureOrder(id);
    expect(retried).toEqual(first);
    const captureIds = paypal.requests
      .filter((request) => request.path.endsWith(`${id}/capture`))
      .map((request) => request.headers['paypal-request-id']);
    expect(new Set(captureIds).size).toBe(1);
  });

  it('refunds a capture in full under the PayPal-Request-Id refund-<capture id>, and reports a second refund refused', async () => {
    const client = createPayPalClient(settings);
    const { id } = await client.createOrder({ amountCents: 5_000, reference: 'ORDER-REFUND' });
    const { captureId } = await client.captureOrder(id);
    const refund = await client.refundCapture(captureId ?? '');
    expect(refund.id).toBe(paypal.captures.get(captureId ?? '')?.refundId);
    const sent = paypal.requests.at(-1);
    expect(sent?.path).toBe(`/v2/payments/captures/${captureId}/refund`);
    expect(sent?.headers['paypal-request-id']).toBe(`refund-${captureId}`);
    expect(JSON.parse(sent?.body ?? 'null')).toEqual({});
    // The same request again answers the same refund: nothing is refunded twice.
    expect(await client.refundCapture(captureId ?? '')).toEqual(refund);
    await expect(client.refundCapture('CAPUNKNOWN')).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('reports bad credentials, an unknown order and an unreachable PayPal as provider errors', async () => {
    const wrong = createPayPalClient({ paypal: { ...settings.paypal, clientId: 'someone-else' } });
    await expect(wrong.createOrder({ amountCents: 100, reference: 'X' })).rejects.toMatchObject({
      name: 'PaymentProviderError',
      message: 'Client Authentication failed',
      status: 401,
    });
    await expect(createPayPalClient(settings).captureOrder('NOSUCHORDER')).rejects.toThrow(
      /Specified resource ID does not exist/,
    );
    const unreachable = createPayPalClient({
      paypal: { ...settings.paypal, clientId: 'closed', apiBase: 'http://127.0.0.1:9' },
    });
    await expect(unreachable.createOrder({ amountCents: 100, reference: 'Y' })).rejects.toBeInstanceOf(
      PaymentProviderError,
    );
    await expect(
      createPayPalClient({ paypal: undefined }).createOrder({ amountCents: 100, reference: 'Z' }),
    ).rejects.toThrow('PayPal is not configured.');
  });
});
