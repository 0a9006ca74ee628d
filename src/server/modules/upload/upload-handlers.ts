import type { Handlers } from '../../http/handler';
import { captchaVerifierFor, requireCaptcha } from '../../integrations/captcha/captcha-verifier';
import { requireScope } from '../integration/integration-caller';
import { readUploadedFile } from './uploaded-file';
import { issueUploadTarget } from './upload-service';

export const uploadHandlers = {
  uploadToken: async ({ body }, { db, config, now, customer }) => {
    await requireCaptcha(captchaVerifierFor(config), body.captchaToken);
    return issueUploadTarget(db, config, customer().accountId, body.fileName, now());
  },
  integrationUploadedFile: async ({ query }, { db, config, reply, integrationCaller }) => {
    requireScope(integrationCaller(), 'events');
    const file = await readUploadedFile(db, config, query.name);
    reply
      .type(file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'private, no-store');
    return new Uint8Array(file.bytes);
  },
} satisfies Partial<Handlers>;
