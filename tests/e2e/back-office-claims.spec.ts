import { type Page, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_PASSWORD, signIn } from './support/checkout-steps';
import { docsScreenshot } from './support/docs-screenshot';

async function photo(seed: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 800,
      height: 600,
      channels: 3,
      background: '#333',
      noise: { type: 'gaussian', mean: 90 + seed, sigma: 40 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** The dealer lodges a warranty claim with two photos through the shop's form, as tests/e2e/forms.spec.ts does. */
async function lodgeWarrantyClaim(page: Page): Promise<string> {
  await page.goto('/my-account/invoices');
  const firstInvoice = page.getByRole('table').getByRole('rowheader').first();
  await expect(firstInvoice).toHaveText(/^INV\d+$/);
  const invoiceNumber = (await firstInvoice.textContent())?.trim() ?? '';
  await page.goto('/warranty-claims');
  const form = page.getByRole('form', { name: 'Warranty claim' });
  await form.getByLabel(/^Invoice number/).fill(invoiceNumber);
  await form.getByLabel(/^Claim type/).selectOption({ label: 'Sidewall bulge or separation' });
  await form.getByLabel(/^Brand/).fill('Marshal');
  await form.getByLabel(/^Tyre size/).fill('235/45R18 94W');
  await form.getByLabel(/^DOT serial/).fill('DOT U2LL LMLR 0924');
  await form.getByLabel(/^Remaining tread depth/).fill('6.5');
  await form.getByLabel(/^Kilometres travelled/).fill('12000');
  await form.getByLabel(/^Vehicle/).fill('Toyota Camry 2021');
  await form.getByLabel(/^Fault description/).fill('Bulge on the outer sidewall, no impact marks.');
  await form.getByLabel(/^Contact name/).fill('Dana Dealer');
  await form.getByLabel(/^Email/).fill('dana@dealer.test');
  await form.getByLabel(/^Phone/).fill('03 9555 0100');
  await form.getByLabel('Photos of the tyre').setInputFiles([
    { name: 'bulge.jpg', mimeType: 'image/jpeg', buffer: await photo(1) },
    { name: 'serial.jpg', mimeType: 'image/jpeg', buffer: await photo(2) },
  ]);
  await expect(form.getByText('Uploaded', { exact: true })).toHaveCount(2, { timeout: 30_000 });
  await form.getByRole('button', { name: 'Lodge warranty claim' }).click();
  const receipt = page.getByRole('status').filter({ hasText: 'Your reference number' });
  const reference = (await receipt.getByTestId('form-reference').textContent()) ?? '';
  expect(reference).toMatch(/^WC-[A-Z0-9]{6}$/);
  return reference;
}

test('claims staff open a dealer’s warranty claim and its photo, decline it, and the dealer sees it declined', async ({
  browser,
}) => {
  const dealer = await (await browser.newContext()).newPage();
  await signIn(dealer, 'dealer@demo.test');
  const reference = await lodgeWarrantyClaim(dealer);

  const staff = await (await browser.newContext()).newPage();
  await staff.goto('/staff/login');
  await staff.getByLabel('Email').fill('claims@demo.test');
  await staff.getByLabel('Password').fill(DEMO_PASSWORD);
  await staff.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(staff).toHaveURL(/\/staff$/);
  await staff.getByRole('link', { name: 'Requests', exact: true }).click();
  await staff.getByLabel('Search').fill(reference);
  await staff.getByRole('button', { name: 'Show requests' }).click();
  await expect(staff.getByRole('status').filter({ hasText: /^1 request$/ })).toBeVisible();
  const row = staff.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('Warranty claim');
  await expect(row).toContainText('new');
  await row.getByRole('link', { name: reference }).click();

  await expect(staff.getByRole('heading', { name: reference })).toBeVisible();
  await expect(staff.getByText('Bulge on the outer sidewall, no impact marks.')).toBeVisible();
  // The link is read-only storage, valid for minutes; the photo downloads in a tab of its own.
  const photoLink = staff.getByRole('link', { name: 'Open photo bulge.jpg' });
  const photoUrl = (await photoLink.getAttribute('href')) ?? '';
  expect(new URL(photoUrl).searchParams.get('sp')).toBe('r');
  const [opened] = await Promise.all([staff.waitForEvent('popup'), photoLink.click()]);
  const photoResponse = await staff.request.get(photoUrl);
  expect(photoResponse.status()).toBe(200);
  expect(photoResponse.headers()['content-type']).toBe('image/jpeg');
  await opened.close();

  await staff.getByRole('button', { name: 'Assign to me' }).click();
  await expect(staff.getByText('Clare Claims (claims@demo.test)')).toBeVisible();
  await staff.getByLabel('Add a note').fill('Bulge is an impact break: not a manufacturing fault.');
  await staff.getByRole('button', { name: 'Add note' }).click();
  await expect(staff.getByRole('listitem').filter({ hasText: 'not a manufacturing fault' })).toBeVisible();

  await staff.getByLabel('New status').selectOption('declined');
  await staff.getByRole('button', { name: 'Change status' }).click();
  await expect(staff.getByRole('alert')).toContainText(`Mark ${reference} as declined?`);
  await staff.getByRole('button', { name: 'Yes, mark it declined' }).click();
  const changes = staff.getByRole('region', { name: `Staff changes to ${reference}` });
  await expect(changes.getByRole('row').nth(1)).toContainText('request.declined');
  await expect(changes).toContainText('request.assigned');
  await docsScreenshot(staff, 'requests');

  await dealer.goto('/my-account');
  await dealer.getByRole('link', { name: 'Returns and claims' }).click();
  const claim = dealer.getByRole('row').filter({ hasText: reference });
  await expect(claim).toContainText('Warranty claim');
  await expect(claim).toContainText('declined');
});
