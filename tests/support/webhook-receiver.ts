import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: string;
  /** The payload as the standardwebhooks package verified it; undefined when it refused the signature. */
  readonly verified: unknown;
}

/**
 * A receiver of the shop's webhooks: a real HTTP server that checks every delivery with the `standardwebhooks`
 * package, an implementation of the specification the shop does not share. `answer` decides the status it replies
 * with (a receiver that is down answers 503); `hang` keeps requests open without an answer.
 */
export async function startWebhookReceiver() {
  let secret = '';
  const received: ReceivedWebhook[] = [];
  const state = { answer: 204, hang: false };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      let verified: unknown;
      try {
        verified = new Webhook(secret).verify(body, headers);
      } catch {
        verified = undefined;
      }
      received.push({ path: request.url ?? '', headers, body, verified });
      if (state.hang) return;
      if (state.answer >= 300 && state.answer < 400) {
        response.writeHead(state.answer, { location: '/elsewhere' }).end();
        return;
      }
      response.writeHead(verified === undefined ? 401 : state.answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    state,
    /** The secret the shop answered when the endpoint was registered. */
    useSecret(value: string) {
      secret = value;
    },
    /** The deliveries that passed verification, as the receiver would act on them. */
    accepted: () => received.filter((delivery) => delivery.verified !== undefined),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
