import type { Handlers } from '../../http/handler';
import { captchaVerifierFor, requireCaptcha } from '../../integrations/captcha/captcha-verifier';
import { issueUploadTarget } from './upload-service';

export const uploadHandlers = {
  uploadToken: async ({ body }, { db, config, now, customer }) => {
    await requireCaptcha(captchaVerifierFor(config), body.captchaToken);
    return issueUploadTarget(db, config, customer().accountId, body.fileName, now());
  },
} satisfies Partial<Handlers>;
