import { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isPublicAddress } from './receiver-address';

export interface WebhookPost {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export interface PostRules {
  readonly allowPrivateAddresses: boolean;
  readonly timeoutMs: number;
}

/** What the receiver answered: its status, or why there was none. */
export type PostResult =
  { readonly status: number; readonly error: null } | { readonly status: null; readonly error: string };

class RefusedAddressError extends Error {}

/**
 * Resolves the receiver's host and refuses it when any address it resolves to is not public: checked at connect time,
 * on the address actually used, so a name that resolves elsewhere later (DNS rebinding) gains nothing.
 */
function guardedLookup(allowPrivate: boolean): NonNullable<http.RequestOptions['lookup']> {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as unknown as { address: string; family: number }[];
      const refused = allowPrivate ? undefined : list.find((entry) => !isPublicAddress(entry.address));
      if (refused) {
        return callback(
          new RefusedAddressError(`${hostname} resolves to ${refused.address}, which is not public`),
          '',
          0,
        );
      }
      if (options.all) return callback(null, list as never);
      const first = list[0];
      return first
        ? callback(null, first.address, first.family)
        : callback(new Error(`${hostname} has no address`), '', 0);
    });
  };
}

/**
 * One attempt: a POST with the body and headers given, within the timeout, following no redirect (a 3xx is an answer
 * like any other non-2xx). Only the status is read; the receiver's body is drained and dropped.
 */
export function postWebhook(post: WebhookPost, rules: PostRules): Promise<PostResult> {
  const url = new URL(post.url);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 && !rules.allowPrivateAddresses && !isPublicAddress(host)) {
    return Promise.resolve({ status: null, error: `${host} is not a public address` });
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...post.headers, 'content-length': Buffer.byteLength(post.body) },
        lookup: guardedLookup(rules.allowPrivateAddresses),
        signal: AbortSignal.timeout(rules.timeoutMs),
        agent: false,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, error: null }));
        response.on('error', () => resolve({ status: response.statusCode ?? 0, error: null }));
      },
    );
    request.on('error', (error) => {
      const message =
        error.name === 'AbortError' || error.name === 'TimeoutError'
          ? `no answer within ${rules.timeoutMs / 1000} s`
          : error instanceof RefusedAddressError
            ? error.message
            : `could not connect: ${error.message}`;
      resolve({ status: null, error: message });
    });
    request.end(post.body);
  });
}
