import { type Page, expect, test } from '@playwright/test';
import { emptyCart, openCheckout, signIn, snapshot } from './support/checkout-steps';

const CONSENT = 'Send what is in stock now and the rest when it arrives';

/** A demo tyre held nowhere and inbound with a date (src/server/seed): its SKU, name and 'expected 12 Dec'. */
async function onOrderTyre(page: Page): Promise<{ sku: string; name: string; expected: string }> {
  const found = await page.evaluate(async () => {
    const session = JSON.parse(localStorage.getItem('yhi.session') ?? '{}') as { token?: string };
    for (let page = 1; page <= 20; page++) {
      const answer = await fetch('/yhi/api/Tyre/Search', {
        method: 'POST',
        headers: { Authorization: `Bearer ${session.token ?? ''}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ page, pageSize: 100 }),
      });
      const { items } = (await answer.json()) as {
        items: { sku: string; name: string; delivery: { text: string } }[];
      };
      const onOrder = items.find((item) => item.delivery.text.startsWith('on order, expected '));
      if (onOrder) return onOrder;
      if (items.length < 100) return null;
    }
    return null;
  });
  if (!found) throw new Error('the demo data holds no tyre on order with a date');
  return { sku: found.sku, name: found.name, expected: found.delivery.text.replace('on order, ', '') };
}

test('a tyre on order shows its expected date and is ordered as a back-order once the dealer agrees', async ({
  page,
}, testInfo) => {
  await signIn(page, 'dealer@demo.test');
  await emptyCart(page);
  const tyre = await onOrderTyre(page);

  await page.goto(`/tyres?q=${encodeURIComponent(tyre.sku)}`);
  const card = page.getByRole('region', { name: 'Results' }).getByRole('article', { name: tyre.name });
  await expect(card).toContainText(`Delivery: on order, ${tyre.expected}`);
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  const pill = card.getByRole('spinbutton', { name: `Quantity of ${tyre.name}` });
  await expect(pill).toHaveValue('1');
  await pill.fill('2');
  await expect(page.getByRole('button', { name: 'Cart, 2 items' })).toBeVisible();

  await openCheckout(page);
  const backOrders = page.getByRole('region', { name: 'Back-orders' });
  await expect(backOrders).toContainText(`${tyre.name} (${tyre.sku})`);
  await expect(backOrders).toContainText(`Ships now: 0 · Back-order: 2, ${tyre.expected}`);
  const placeOrder = page.getByRole('button', { name: 'Place Order' });
  await expect(placeOrder).toBeDisabled();
  const consent = backOrders.getByRole('checkbox', { name: CONSENT });
  await consent.focus();
  await page.keyboard.press('Space');
  await expect(consent).toBeChecked();
  await snapshot(page, testInfo, 'checkout-back-order');
  await placeOrder.click();

  await expect(page).toHaveURL(/\/checkout\/success\/\d+$/);
  await expect(page.getByText('Thank you, your order has been placed.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Back-ordered' })).toContainText(
    `${tyre.name} (${tyre.sku}): 2 of 2 on back-order, ${tyre.expected}`,
  );
  const orderId = /\/checkout\/success\/(\d+)$/.exec(page.url())?.[1];
  await page.goto(`/my-account/orders/${orderId}`);
  await expect(page.getByRole('region', { name: 'Back-ordered' })).toContainText(
    `${tyre.name} (${tyre.sku}): 2 of 2 on back-order, ${tyre.expected}`,
  );
});
