import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../support/test-app';

/** A raw connection, so the test sees exactly what the server sends and when it hangs up. */
interface Connection {
  socket: net.Socket;
  /** Everything received so far. */
  received(): string;
  /** Resolves with how the connection ended: the server closed it, or it was reset. */
  ended: Promise<'closed' | 'reset'>;
}

async function connect(port: number): Promise<Connection> {
  const socket = net.connect(port, '127.0.0.1');
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    text += chunk;
  });
  const ended = new Promise<'closed' | 'reset'>((resolve) => {
    socket.on('error', () => resolve('reset'));
    socket.on('close', () => resolve('closed'));
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, received: () => text, ended };
}

const refusal = (port: number) =>
  new Promise<string>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? String(error)));
  });

describe('a stopping server', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => t.close());

  it('stops listening at once, closes idle kept-alive connections, and answers a request on an open one 503 with Connection: close', async () => {
    const keptAlive = await connect(port);
    keptAlive.socket.write('GET /healthz HTTP/1.1\r\nHost: shop\r\n\r\n');
    await expect.poll(() => keptAlive.received()).toMatch(/"status":"ok"/);
    // Opened before the stop, its request not yet sent: a caller whose request is on its way.
    const accepted = new Promise((resolve) => t.app.server.once('connection', resolve));
    const opened = await connect(port);
    await accepted;

    const closing = t.app.close();
    expect(await keptAlive.ended).toBe('closed');
    expect(await refusal(port)).toBe('ECONNREFUSED');

    opened.socket.write('GET /readyz HTTP/1.1\r\nHost: shop\r\n\r\n');
    expect(await opened.ended).toBe('closed');
    const [head = '', body = ''] = opened.received().split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 503 /);
    expect(head.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(body)).toMatchObject({ status: 503, detail: 'The server is stopping. Try again in a moment.' });
    await closing;
  });
});
