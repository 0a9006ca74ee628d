import type { Handlers } from '../../http/handler';
import { captchaVerifierFor, requireCaptcha } from '../../integrations/captcha/captcha-verifier';
import { mailerFor } from '../../integrations/mail/mailer';
import { redeemImpersonationToken } from '../staff/impersonation';
import { refreshSession, signInCustomer } from './auth-service';
import { endRefreshFamily, revokeStaffSessions, revokeUserRefreshTokens } from './refresh-token';
import {
  PASSWORD_CHANGED,
  RESET_LINK_SENT,
  checkPasswordReset,
  completePasswordReset,
  requestPasswordReset,
} from './password-reset';

export const authHandlers = {
  login: async ({ body }, { db, config, now }) => signInCustomer(db, body, config, now()),
  tokenRefresh: async ({ body }, { db, config, now }) => refreshSession(db, body, config, now()),
  // The lookup and the mail happen after the answer, so a known and an unknown email answer alike and as fast.
  forgotPassword: async ({ body }, { db, config, now, reply }) => {
    const requestedAt = now();
    reply.server.backgroundWork.enqueue('password reset mail', () =>
      requestPasswordReset(db, mailerFor(config), config, body.email, requestedAt),
    );
    return { message: RESET_LINK_SENT };
  },
  resetPasswordCheck: async ({ query }, { db, now }) =>
    checkPasswordReset(db, { token: query.Token, email: query.Email, guid: query.Guid }, now()),
  resetPassword: async ({ body }, { db, now, reply }) => {
    await completePasswordReset(db, body, now());
    reply.server.sessionLiveness.forgetAll();
    return { message: PASSWORD_CHANGED };
  },
  logout: async ({ body }, { db, now, reply }) => {
    if (await endRefreshFamily(db, body.refreshToken, now())) reply.server.sessionLiveness.forgetAll();
    return { message: 'Signed out.' };
  },
  logoutEverywhere: async (_, { db, now, reply, principal }) => {
    if (principal?.kind === 'customer' && principal.impersonatorStaffId === null) {
      await revokeUserRefreshTokens(db, principal.userId, now());
    } else if (principal) {
      const staffId = principal.kind === 'staff' ? principal.staffId : principal.impersonatorStaffId;
      if (staffId !== null) await revokeStaffSessions(db, staffId, now());
    }
    reply.server.sessionLiveness.forgetAll();
    return { message: 'Signed out everywhere.' };
  },
  impersonate: async ({ body }, { db, config, now, staff }) => {
    await requireCaptcha(captchaVerifierFor(config), body.captchaToken);
    return redeemImpersonationToken(db, body.token, staff(), config, now());
  },
} satisfies Partial<Handlers>;
