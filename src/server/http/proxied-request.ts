import type { IncomingHttpHeaders } from 'node:http';

/** Headers only a proxy adds: the client's address, host, scheme or port as the proxy saw them. */
const CLIENT_ADDRESS_HEADERS = new Set([
  'forwarded',
  'via',
  'x-real-ip',
  'x-client-ip',
  'x-cluster-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'x-original-forwarded-for',
]);

/**
 * Whether a request says it came through a proxy. A proxy on this host connects from loopback whatever client it
 * forwards, and proxies differ in what they add (nginx's X-Real-IP, only X-Forwarded-Proto…), so any one of these
 * headers means the peer address is not the client's.
 */
export function cameThroughProxy(headers: IncomingHttpHeaders): boolean {
  return Object.keys(headers).some((name) => name.startsWith('x-forwarded-') || CLIENT_ADDRESS_HEADERS.has(name));
}
