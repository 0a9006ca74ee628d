import type { Config } from '../config';
import { blobOrigin } from '../integrations/storage/blob-connection';

/** Outside origins the page may use, by directive, added to the Content Security Policy only when configured. */
export interface IntegrationSources {
  readonly 'script-src': string[];
  readonly 'frame-src': string[];
  readonly 'connect-src': string[];
  readonly 'img-src': string[];
  readonly 'form-action': string[];
}

/** Google's hosts for the reCAPTCHA v3 script and its invisible frame. */
const RECAPTCHA_SCRIPT = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const RECAPTCHA_FRAME = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

/** PayPal's hosts for its JavaScript SDK, the buttons' frames and popups, and their images. */
const PAYPAL_HOSTS = ['https://www.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'];

/**
 * reCAPTCHA's hosts when its keys are set, and the blob storage origin the browser uploads to when uploads are
 * configured (Azurite on loopback by default, or the real account). PayPal's hosts when PayPal is configured, and the
 * hosted card payment page's origin (the checkout's hidden form posts there) when PAYMENT_GATEWAY_URL is set.
 */
export function integrationSources(
  config: Pick<
    Config,
    'recaptchaSecret' | 'recaptchaSiteKey' | 'azureStorageConnectionString' | 'paypal' | 'paymentGatewayUrl'
  >,
): IntegrationSources {
  const recaptcha = Boolean(config.recaptchaSecret && config.recaptchaSiteKey);
  const storage = blobOrigin(config.azureStorageConnectionString);
  const paypal = config.paypal ? PAYPAL_HOSTS : [];
  return {
    'script-src': [...(recaptcha ? RECAPTCHA_SCRIPT : []), ...paypal],
    'frame-src': [...(recaptcha ? RECAPTCHA_FRAME : []), ...paypal],
    'connect-src': [...(storage ? [storage] : []), ...(recaptcha ? RECAPTCHA_SCRIPT : []), ...paypal],
    'img-src': paypal,
    'form-action': config.paymentGatewayUrl ? [new URL(config.paymentGatewayUrl).origin] : [],
  };
}
