import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API_PREFIX, type RouteName } from '../../../contract/routes';
import type { Config } from '../../config';
import { onContractRoutes, requestLimiter } from '../../http/request-limits';

/** Every route that mails something on a caller's behalf. */
const MAILING_ROUTES: readonly RouteName[] = [
  'formContactUs',
  'formProductReturn',
  'formWarrantyClaim',
  'formRetailerRegister',
  'dealerRegister',
  'dealerPromotion',
  'formProductEnquiry',
  'formSelectAndEmail',
];

const address = z.string().trim().toLowerCase().min(1);
/** The outside address a submission mails: a quote's recipient, else the sender's (who gets the acknowledgement). */
const recipientOf = z.union([
  z.object({ to: address }).transform((body) => body.to),
  z.object({ contactEmail: address }).transform((body) => body.contactEmail),
  z.object({ email: address }).transform((body) => body.email),
]);

/**
 * Forms are not a mail relay: submissions are limited per client address and per recipient address, in the shared
 * rate-limit store (Redis with REDIS_URL, so every instance counts the same). Call before the contract is registered.
 */
export function registerFormRateLimits(app: FastifyInstance, config: Pick<Config, 'formRateLimit'>): void {
  const { perAddress, perRecipient, windowSeconds } = config.formRateLimit;
  const limiter = requestLimiter(app, [
    { name: 'form-address', max: perAddress, windowSeconds, keyOf: (request) => request.ip },
    {
      name: 'form-recipient',
      max: perRecipient,
      windowSeconds,
      keyOf: (request) => recipientOf.safeParse(request.body).data ?? null,
    },
  ]);
  onContractRoutes(app, MAILING_ROUTES, API_PREFIX, (request, reply) => limiter.consume(request, reply));
}
