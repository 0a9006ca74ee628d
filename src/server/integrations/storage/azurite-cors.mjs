// Loaded into Azurite's own process (azurite.ts), before Azurite's modules: once Azurite serves, lets browsers on any
// origin upload to it (it only listens on 127.0.0.1), then tells the server over the IPC channel. The storage SDK
// this needs loads in Azurite's process, beside the server's start, not in the server's own (docs/performance.md).
import net from 'node:net';
import { BlobServiceClient } from '@azure/storage-blob';

const connectionString = process.env.YHI_AZURITE_CONNECTION_STRING ?? '';
const port = Number(process.env.YHI_AZURITE_PORT);
const WAIT_MS = 30_000;

function listening() {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function allowBrowserUploads() {
  const deadline = Date.now() + WAIT_MS;
  while (!(await listening())) {
    if (Date.now() > deadline) throw new Error(`Azurite did not listen on 127.0.0.1:${port} within ${WAIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await BlobServiceClient.fromConnectionString(connectionString).setProperties({
    cors: [
      {
        allowedOrigins: '*',
        allowedMethods: 'PUT,GET,HEAD,OPTIONS',
        allowedHeaders: '*',
        exposedHeaders: '*',
        maxAgeInSeconds: 3600,
      },
    ],
  });
}

allowBrowserUploads().then(
  () => process.send?.({ ready: true }),
  (error) => process.send?.({ error: String(error?.stack ?? error) }),
);
