import type { Page } from '@playwright/test';

/** What the stand-in keeps on `window.__payPalStandIn` for the spec to read. */
export interface PayPalStandInRecord {
  /** The script's own URL, with the options the loader put in its query. */
  readonly scriptUrl: string;
  /** The `style` of every `paypal.Buttons(…)` made, in order. */
  readonly buttonStyles: unknown[];
  /** The PayPal order ids handed to onApprove. */
  readonly approvals: string[];
  /** What reached onError. */
  readonly errors: string[];
}

/**
 * The body of the stand-in SDK script (serialised into the page, so it may use nothing from this module): just the
 * part of `window.paypal` that @paypal/react-paypal-js 10.5.2's PayPalButtons uses — `Buttons(options)` answering
 * `isEligible()`, `render(container)`, `close()` and `updateProps()`, with `onInit(data, { enable, disable })` once
 * rendered. Its one button, 'PayPal', does what PayPal's popup does once the buyer approves: createOrder, then
 * onApprove({ orderID }); a failure of either goes to onError, as the real SDK's does.
 */
function payPalSdkStandIn(): void {
  interface StandInActions {
    enable(): Promise<void>;
    disable(): Promise<void>;
  }
  interface StandInButtonsOptions {
    style?: { height?: number };
    createOrder?: (data: object, actions: object) => Promise<string> | string;
    onApprove?: (data: object, actions: object) => Promise<void> | void;
    onError?: (error: unknown) => void;
    onInit?: (data: object, actions: StandInActions) => void;
  }
  const script = document.currentScript;
  const record: PayPalStandInRecord = {
    scriptUrl: script instanceof HTMLScriptElement ? script.src : '',
    buttonStyles: [],
    approvals: [],
    errors: [],
  };

  function Buttons(options: StandInButtonsOptions) {
    record.buttonStyles.push(JSON.parse(JSON.stringify(options.style ?? null)) as unknown);
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'PayPal';
    // Styled through the DOM, which the shop's Content Security Policy allows (style attributes it would not).
    button.style.height = `${options.style?.height ?? 45}px`;
    button.style.width = '100%';
    button.style.background = '#0070ba';
    button.style.color = '#fff';
    button.style.fontWeight = 'bold';
    button.style.borderRadius = '4px';
    const setDisabled = (disabled: boolean) => {
      button.disabled = disabled;
      return Promise.resolve();
    };
    const fail = (error: unknown) => {
      record.errors.push(error instanceof Error ? error.message : String(error));
      options.onError?.(error);
    };
    button.addEventListener('click', () => {
      void (async () => {
        const orderID = await options.createOrder?.({ paymentSource: 'paypal' }, {});
        if (typeof orderID !== 'string') throw new Error('Expected an order id to be passed');
        record.approvals.push(orderID);
        await options.onApprove?.(
          {
            orderID,
            payerID: 'STANDINPAYER',
            paymentID: orderID,
            facilitatorAccessToken: 'A21AA-stand-in',
            paymentSource: 'paypal',
          },
          {
            order: { capture: () => Promise.reject(new Error('The shop captures on its server.')) },
            restart: () => Promise.resolve(),
          },
        );
      })().catch(fail);
    });
    return {
      isEligible: () => true,
      render(container: HTMLElement | string) {
        const target = typeof container === 'string' ? document.querySelector(container) : container;
        if (!target) return Promise.reject(new Error('Document is ready and element was not found'));
        target.append(button);
        options.onInit?.({}, { enable: () => setDisabled(false), disable: () => setDisabled(true) });
        return Promise.resolve();
      },
      close() {
        button.remove();
        return Promise.resolve();
      },
      updateProps: () => Promise.resolve(),
    };
  }

  Object.assign(window, { paypal: { Buttons, version: 'stand-in' }, __payPalStandIn: record });
}

/** The URL @paypal/react-paypal-js loads the SDK from (production environment; the options follow in the query). */
export const PAYPAL_SDK_URL = 'https://www.paypal.com/sdk/js';

/**
 * Serves the stand-in for PayPal's SDK script to this page and refuses everything else at PayPal, so a run never
 * reaches PayPal. Answers the SDK URLs the page requested.
 */
export async function routePayPalSdk(page: Page): Promise<URL[]> {
  const requested: URL[] = [];
  await page.route(/^https:\/\/([^/]+\.)?(paypal\.com|paypalobjects\.com)\//, (route) =>
    route.abort('blockedbyclient'),
  );
  // Routes added later are tried first.
  await page.route(`${PAYPAL_SDK_URL}**`, (route) => {
    requested.push(new URL(route.request().url()));
    return route.fulfill({
      status: 200,
      contentType: 'text/javascript; charset=utf-8',
      body: `(${payPalSdkStandIn.toString()})();`,
    });
  });
  return requested;
}

/** What the stand-in has recorded in this page so far. */
export function payPalStandInRecord(page: Page): Promise<PayPalStandInRecord | null> {
  return page.evaluate(() => (window as unknown as { __payPalStandIn?: PayPalStandInRecord }).__payPalStandIn ?? null);
}
