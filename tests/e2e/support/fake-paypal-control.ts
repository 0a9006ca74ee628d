import { type CaptureBehaviour, FAKE_PAYPAL_CONTROL_PATH, type FakePayPalRequestLog } from '../../support/fake-paypal';

/** The fake PayPal API the global setup started for this run (its control routes). */
function controlUrl(route: string): string {
  const apiBase = process.env.E2E_PAYPAL_API_BASE;
  if (!apiBase) throw new Error('E2E_PAYPAL_API_BASE is unset: the e2e global setup starts the fake PayPal API.');
  return `${apiBase}${FAKE_PAYPAL_CONTROL_PATH}${route}`;
}

/** What the fake's captures answer from now on, for every spec of the run. */
export async function payPalCapturesWith(behaviour: CaptureBehaviour): Promise<void> {
  const response = await fetch(controlUrl('/capture-behaviour'), {
    method: 'POST',
    body: JSON.stringify({ behaviour }),
  });
  if (!response.ok) throw new Error(`the fake PayPal API refused capture behaviour ${behaviour}: ${response.status}`);
}

/** The requests the shop has made to the fake so far. */
export async function payPalRequests(): Promise<FakePayPalRequestLog['requests']> {
  const response = await fetch(controlUrl('/requests'));
  if (!response.ok) throw new Error(`the fake PayPal API did not list its requests: ${response.status}`);
  return ((await response.json()) as FakePayPalRequestLog).requests;
}
