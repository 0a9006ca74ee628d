import { type Page, expect, test } from '@playwright/test';

/**
 * The quick order pad with demo data. Which products the demo catalogue holds, and in what order, is not this
 * test's business: it asks the tyre search (as the dealer, priced and stocked for the dealer) for tyres in stock
 * and for a size several tyres share, and types those.
 */
interface Tyre {
  readonly sku: string;
  readonly name: string;
  readonly width: number;
  readonly profile: number;
  readonly diameter: number;
  readonly stockQuantity: number;
}

async function signInAsDealer(page: Page) {
  await page.goto('/login?returnUrl=/quick-order');
  await page.getByLabel('Email').fill('dealer@demo.test');
  await page.getByLabel('Password').fill('Demo!2345');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/quick-order$/);
  await expect(page.getByRole('heading', { name: 'Quick order' })).toBeVisible();
}

/** A call to the API as the signed-in dealer. */
function callApi<T>(page: Page, path: string, body?: object): Promise<T> {
  return page.evaluate(
    async ({ path, body }) => {
      const session = JSON.parse(localStorage.getItem('yhi.session') ?? '{}') as { token?: string };
      const answer = await fetch(`/yhi/api/${path}`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${session.token ?? ''}`,
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      if (!answer.ok) throw new Error(`${path} answered ${answer.status}`);
      return answer.json();
    },
    { path, body },
  ) as Promise<T>;
}

async function tyresInStock(page: Page, count: number): Promise<Tyre[]> {
  const found: Tyre[] = [];
  for (let pageNumber = 1; found.length < count && pageNumber <= 10; pageNumber += 1) {
    const answer = await callApi<{ items: Tyre[] }>(page, 'Tyre/Search', { pageSize: 96, page: pageNumber });
    found.push(...answer.items.filter((tyre) => tyre.stockQuantity >= 4));
  }
  expect(found.length).toBeGreaterThanOrEqual(count);
  return found.slice(0, count);
}

/** A compact size ('2656517') several tyres share, and how far down its candidate list the first one in stock is. */
async function ambiguousSize(page: Page, taken: readonly Tyre[]) {
  for (const tyre of taken) {
    const size = `${tyre.width}${tyre.profile}${tyre.diameter}`;
    const answer = await callApi<{ items: Tyre[]; totalCount: number }>(page, 'Tyre/Search', {
      size,
      sortBy: 'Price',
      sortDirection: 'Ascending',
      pageSize: 12,
    });
    const position = answer.items.slice(0, 5).findIndex((candidate) => candidate.stockQuantity >= 2);
    if (answer.totalCount > 1 && position >= 0) return { size, position, chosen: answer.items[position] as Tyre };
  }
  throw new Error('no tyre size in the demo data is shared by several tyres');
}

async function pasteInto(page: Page, label: string, text: string) {
  await page.getByLabel(label).evaluate((input, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

test('the cursor starts where the work is: in Email on /login, then in the first field of the pad', async ({
  page,
}) => {
  await page.goto('/login?returnUrl=/quick-order');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type('dealer@demo.test');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Demo!2345');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/quick-order$/);
  await expect(page.getByLabel('New item: SKU, tyre size or wheel code')).toBeFocused();
});

test.describe('quick order pad', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsDealer(page);
    await callApi(page, 'Cart/Clear');
    await page.reload();
  });

  test('the dealer pastes five rows from a spreadsheet, fixes the ambiguous one with the keyboard, and adds all', async ({
    page,
  }) => {
    const tyres = await tyresInStock(page, 4);
    const { size, position, chosen } = await ambiguousSize(page, tyres);
    const quickAdds: string[] = [];
    page.on('request', (request) => {
      if (/\/cart\/quickadd$/i.test(new URL(request.url()).pathname)) quickAdds.push(request.postData() ?? '');
    });
    const spreadsheet = [...tyres.map((tyre) => `${tyre.sku}\t4`), `${size}\t2`].join('\r\n');
    await pasteInto(page, 'New item: SKU, tyre size or wheel code', spreadsheet);
    for (const [index, tyre] of tyres.entries())
      await expect(page.getByLabel(`Item of row ${index + 1}`)).toHaveValue(tyre.sku);
    await expect(page.getByLabel('Item of row 5')).toHaveValue(size);
    await expect(page.getByLabel('Quantity of row 5')).toHaveValue('2');

    await page.getByRole('button', { name: 'Add all to cart (5)' }).click();
    await expect(page.getByRole('status').filter({ hasText: '4 added · 1 to correct · 0 ready' })).toBeVisible();
    for (const [index, tyre] of tyres.entries())
      await expect(page.getByRole('row', { name: `Row ${index + 1}` })).toContainText(`Added: ${tyre.name}`);
    await expect(page.getByRole('button', { name: 'Cart, 16 items' })).toBeVisible();

    const candidates = page.getByRole('listbox', { name: 'Choose a product for row 5' });
    await candidates.focus();
    for (let step = 0; step < position; step += 1) await page.keyboard.press('ArrowDown');
    await expect(candidates.getByRole('option', { selected: true })).toContainText(chosen.name);
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Item of row 5')).toHaveValue(chosen.sku);
    await expect(page.getByLabel('Item of row 5')).toBeFocused();

    await page.getByRole('button', { name: 'Add all to cart (1)' }).click();
    await expect(page.getByRole('row', { name: 'Row 5' })).toContainText(`Added: ${chosen.name}`);
    await expect(page.getByRole('status').filter({ hasText: '5 added · 0 to correct · 0 ready' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cart, 18 items' })).toBeVisible();
    // Each press of 'Add all' sent the rows not yet added, once.
    expect(quickAdds.map((body) => (JSON.parse(body) as { lines: unknown[] }).lines.length)).toEqual([5, 1]);
  });

  test('a CSV file of 50 rows is added in one step', async ({ page }) => {
    const tyres = await tyresInStock(page, 50);
    const csv = ['query,quantity', ...tyres.map((tyre) => `${tyre.sku},1`)].join('\n');
    const quickAdds: string[] = [];
    page.on('request', (request) => {
      if (/\/cart\/quickadd$/i.test(new URL(request.url()).pathname)) quickAdds.push(request.postData() ?? '');
    });
    await page
      .getByLabel('Import a CSV file')
      .setInputFiles({ name: 'order.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(page.getByLabel('Item of row 50')).toHaveValue(tyres[49]?.sku ?? '');
    await page.getByRole('button', { name: 'Add all to cart (50)' }).click();
    await expect(page.getByRole('status').filter({ hasText: '50 added · 0 to correct · 0 ready' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cart, 50 items' })).toBeVisible();
    expect(quickAdds).toHaveLength(1);
  });
});
