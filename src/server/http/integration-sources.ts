import type { Config } from '../config';
import { blobOrigin } from '../integrations/storage/blob-connection';

/** Outside origins the page may use, by directive, added to the Content Security Policy only when configured. */
export interface IntegrationSources {
  readonly 'script-src': string[];
  readonly 'frame-src': string[];
  readonly 'connect-src': string[];
}

/** Google's hosts for the reCAPTCHA v3 script and its invisible frame. */
const RECAPTCHA_SCRIPT = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const RECAPTCHA_FRAME = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

/**
 * reCAPTCHA's hosts when its keys are set, and the blob storage origin the browser uploads to when uploads are
 * configured (Azurite on loopback by default, or the real account).
 */
export function integrationSources(
  config: Pick<Config, 'recaptchaSecret' | 'recaptchaSiteKey' | 'azureStorageConnectionString'>,
): IntegrationSources {
  const recaptcha = Boolean(config.recaptchaSecret && config.recaptchaSiteKey);
  const storage = blobOrigin(config.azureStorageConnectionString);
  return {
    'script-src': recaptcha ? RECAPTCHA_SCRIPT : [],
    'frame-src': recaptcha ? RECAPTCHA_FRAME : [],
    'connect-src': [...(storage ? [storage] : []), ...(recaptcha ? RECAPTCHA_SCRIPT : [])],
  };
}
