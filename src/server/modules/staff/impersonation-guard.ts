import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../../../contract/routes';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { impersonationAudit } from '../../db/schema';
import { verifyAccessToken } from '../auth/access-token';
import type { SessionLiveness } from '../auth/session-liveness';

export const IMPERSONATOR_HEADER = 'x-impersonator-token';

function impersonatorToken(request: FastifyRequest): string | undefined {
  const header = request.headers[IMPERSONATOR_HEADER];
  return Array.isArray(header) ? header[0] : header;
}

/**
 * While a staff member acts as a customer, every call must also carry that staff member's own token
 * (X-Impersonator-Token); without it, or with another person's, the call is treated as anonymous.
 * Every call made while impersonating is recorded with both identities.
 * Registered after the hook that reads the bearer token.
 */
export function registerImpersonationGuard(
  app: FastifyInstance,
  deps: { db: Database; config: Pick<Config, 'jwtSecret'>; now: () => Date; sessionLiveness: SessionLiveness },
): void {
  app.addHook('onRequest', async (request) => {
    const principal = request.principal;
    if (principal?.kind !== 'customer' || principal.impersonatorStaffId === null) return;
    const token = impersonatorToken(request);
    const verified = token ? await verifyAccessToken(token, deps.config.jwtSecret, deps.now()) : null;
    const impersonator = verified ? await deps.sessionLiveness.principalOf(verified) : null;
    if (impersonator?.kind !== 'staff' || impersonator.staffId !== principal.impersonatorStaffId) {
      request.principal = null;
    }
  });
  // onSend rather than onResponse: the record is written before the answer leaves, so none is lost.
  app.addHook('onSend', async (request, reply, payload) => {
    const principal = request.principal;
    if (principal?.kind !== 'customer' || principal.impersonatorStaffId === null) return payload;
    const path = request.url.split('?')[0] ?? request.url;
    if (!path.toLowerCase().startsWith(API_PREFIX)) return payload;
    try {
      await deps.db.insert(impersonationAudit).values({
        staffId: principal.impersonatorStaffId,
        accountId: principal.accountId,
        userId: principal.userId,
        method: request.method,
        path,
        status: reply.statusCode,
        at: deps.now(),
      });
    } catch (error) {
      request.log.error({ err: error }, 'impersonation audit not recorded');
    }
    return payload;
  });
}
