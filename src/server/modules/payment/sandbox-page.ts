import { formatAud } from '../../../domain/money';
import { SANDBOX_COMPLETE_PATH, type PaymentRequestFields } from './card-gateway-fields';

/** A test card the sandbox page is filled in with; any card number is accepted. */
export const SANDBOX_TEST_CARD = {
  name: 'Test Cardholder',
  number: '4242 4242 4242 4242',
  expiry: '12/34',
  cvc: '123',
} as const;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);
}

// Inline styles only: the shop's Content Security Policy allows them, but no inline script and no outside stylesheet.
const STYLE = `
  body { font-family: system-ui, sans-serif; background: #f4f4f5; color: #18181b; margin: 0; padding: 2rem 1rem; }
  main { max-width: 28rem; margin: 0 auto; background: #fff; border-radius: 0.5rem; padding: 1.5rem; box-shadow: 0 1px 3px #0002; }
  .sandbox { background: #fef3c7; border: 3px solid #f59e0b; border-radius: 0.375rem; padding: 0.75rem 1rem; margin-bottom: 1rem; }
  .sandbox-says { font-size: 2.5rem; line-height: 1.1; font-weight: 800; margin: 0 0 0.5rem; }
  .sandbox p:last-child { margin-bottom: 0; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 1rem; }
  dt { font-weight: 600; }
  label { display: block; margin-top: 0.75rem; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; padding: 0.5rem; border: 1px solid #a1a1aa; border-radius: 0.375rem; font: inherit; }
  .buttons { display: flex; gap: 0.75rem; margin-top: 1.25rem; }
  button { flex: 1; padding: 0.75rem; border: 0; border-radius: 0.375rem; font: inherit; font-weight: 600; cursor: pointer; }
  button[value="pay"] { background: #1d4ed8; color: #fff; }
  button[value="decline"] { background: #e4e4e7; color: #18181b; }
  button:focus-visible, input:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
`;

/**
 * First on every sandbox page and in large type: the page marks orders and invoices paid without charging anything,
 * so nobody may take it for a real payment page (a customer about to type a real card, staff reading a 'paid').
 */
const SANDBOX_NOTE = `<div class="sandbox" role="note">
<p class="sandbox-says">This is a sandbox.</p>
<p>No card is charged and no money moves: what it marks paid has not been paid.</p>
</div>`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} (sandbox: no money moves)</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

/**
 * The sandbox hosted payment page: says it is a sandbox, shows the amount in AUD and the reference, and offers a
 * card form filled with a test card. Its form carries the shop's signed fields back unchanged, with the choice.
 */
export function sandboxPaymentPage(fields: PaymentRequestFields, amountCents: number): string {
  const hidden = Object.entries(fields)
    .map(([key, value]) => `<input type="hidden" name="${escapeHtml(key)}" value="${escapeHtml(value)}">`)
    .join('\n');
  const input = (name: string, label: string, value: string, autocomplete: string, extra = '') =>
    `<label for="${name}">${label}</label>
<input id="${name}" name="${name}" value="${escapeHtml(value)}" autocomplete="${autocomplete}" required ${extra}>`;
  return layout(
    'Sandbox payment',
    `${SANDBOX_NOTE}
<h1>Sandbox payment page</h1>
<p>It stands in for the card payment provider while the shop has no payment gateway configured.</p>
<dl>
<dt>Amount</dt><dd>${escapeHtml(formatAud(amountCents))} AUD</dd>
<dt>Reference</dt><dd>${escapeHtml(fields.reference)}</dd>
<dt>For</dt><dd>${escapeHtml(fields.description)}</dd>
</dl>
<form method="post" action="${SANDBOX_COMPLETE_PATH}">
${hidden}
${input('cardName', 'Name on card', SANDBOX_TEST_CARD.name, 'cc-name')}
${input('cardNumber', 'Card number', SANDBOX_TEST_CARD.number, 'cc-number', 'inputmode="numeric"')}
${input('cardExpiry', 'Expiry (MM/YY)', SANDBOX_TEST_CARD.expiry, 'cc-exp')}
${input('cardCvc', 'CVC', SANDBOX_TEST_CARD.cvc, 'cc-csc', 'inputmode="numeric"')}
<div class="buttons">
<button type="submit" name="action" value="pay">Pay</button>
<button type="submit" name="action" value="decline" formnovalidate>Decline</button>
</div>
</form>`,
  );
}

/** What the sandbox answers a request it cannot honour (not signed by the shop, unknown payment). */
export function sandboxRefusalPage(message: string): string {
  return layout(
    'Payment refused',
    `${SANDBOX_NOTE}
<h1>Sandbox payment page</h1>
<p role="alert">${escapeHtml(message)}</p>
<p><a href="/">Back to the shop</a></p>`,
  );
}
