import type { Handlers } from '../../http/handler';
import { captchaVerifierFor } from '../../integrations/captcha/captcha-verifier';
import { submitProductEnquiry } from './product-enquiry-service';

export const productEnquiryHandlers = {
  formProductEnquiry: async ({ body }, context) =>
    submitProductEnquiry(
      {
        db: context.db,
        config: context.config,
        now: context.now(),
        snapshot: await context.catalogue.snapshot(),
        captcha: captchaVerifierFor(context.config),
        customer: context.principal?.kind === 'customer' ? context.principal : null,
      },
      body,
    ),
} satisfies Partial<Handlers>;
