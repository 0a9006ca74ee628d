/** The part of Google's reCAPTCHA v3 script the shop uses. */
interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const loaded = new Map<string, Promise<Grecaptcha>>();

/** Loads https://www.google.com/recaptcha/api.js for the site key once per page. */
export function loadRecaptcha(siteKey: string): Promise<Grecaptcha> {
  let promise = loaded.get(siteKey);
  if (!promise) {
    promise = new Promise<Grecaptcha>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
      script.async = true;
      script.onload = () => {
        const grecaptcha = window.grecaptcha;
        if (grecaptcha) grecaptcha.ready(() => resolve(grecaptcha));
        else reject(new Error('reCAPTCHA did not start'));
      };
      script.onerror = () => {
        loaded.delete(siteKey);
        reject(new Error('reCAPTCHA could not be loaded'));
      };
      document.head.appendChild(script);
    });
    loaded.set(siteKey, promise);
  }
  return promise;
}
