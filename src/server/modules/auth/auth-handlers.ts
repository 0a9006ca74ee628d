import type { Handlers } from '../../http/handler';
import { captchaVerifierFor, requireCaptcha } from '../../integrations/captcha/captcha-verifier';
import { mailerFor } from '../../integrations/mail/mailer';
import { redeemImpersonationToken } from '../staff/impersonation';
import { refreshSession, signInCustomer } from './auth-service';
import { endRefreshFamily } from './refresh-token';
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
  forgotPassword: async ({ body }, { db, config, now }) => {
    await requestPasswordReset(db, mailerFor(config), config, body.email, now());
    return { message: RESET_LINK_SENT };
  },
  resetPasswordCheck: async ({ query }, { db, now }) =>
    checkPasswordReset(db, { token: query.Token, email: query.Email, guid: query.Guid }, now()),
  resetPassword: async ({ body }, { db, now }) => {
    await completePasswordReset(db, body, now());
    return { message: PASSWORD_CHANGED };
  },
  logout: async ({ body }, { db, now }) => {
    await endRefreshFamily(db, body.refreshToken, now());
    return { message: 'Signed out.' };
  },
  impersonate: async ({ body }, { db, config, now }) => {
    await requireCaptcha(captchaVerifierFor(config), body.captchaToken);
    return redeemImpersonationToken(db, body.token, config, now());
  },
} satisfies Partial<Handlers>;
