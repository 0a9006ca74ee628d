import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { BlobServiceClient } from '@azure/storage-blob';
import { type Page, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { azuriteConnectionString } from '../../src/server/integrations/storage/blob-connection';

const PASSWORD = 'Demo!2345';

/** The mails the shop wrote to its outbox that mention `text`. */
function mailsMentioning(text: string): string[] {
  const dataDir = process.env.E2E_SHOP_DATA_DIR;
  if (!dataDir) throw new Error('E2E_SHOP_DATA_DIR is not set (tests/e2e/support/global-setup.ts)');
  const outbox = path.join(dataDir, 'outbox');
  let names: string[];
  try {
    names = readdirSync(outbox);
  } catch {
    return [];
  }
  return names.map((name) => readFileSync(path.join(outbox, name), 'utf8')).filter((mail) => mail.includes(text));
}

function recipients(mails: string[]): string[] {
  return mails.map((mail) => /^To: (.*)$/m.exec(mail)?.[1]?.trim() ?? '').sort();
}

/** The embedded Azurite the shop started: its origin is the one the page may upload to (CSP connect-src). */
async function shopBlobService(page: Page): Promise<BlobServiceClient> {
  const response = await page.request.get('/');
  const csp = response.headers()['content-security-policy'] ?? '';
  const origin = /connect-src[^;]*?(http:\/\/127\.0\.0\.1:\d+)/.exec(csp)?.[1];
  if (!origin) throw new Error(`no blob storage origin in the CSP: ${csp}`);
  return BlobServiceClient.fromConnectionString(azuriteConnectionString(`${origin}/devstoreaccount1`));
}

async function photo(width: number, seed: number): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height: Math.round(width * 0.75),
      channels: 3,
      background: '#333',
      noise: { type: 'gaussian', mean: 90 + seed, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function referenceShown(page: Page, prefix: string): Promise<string> {
  const receipt = page.getByRole('status').filter({ hasText: 'Your reference number' });
  await expect(receipt).toBeVisible();
  const reference = (await receipt.getByTestId('form-reference').textContent()) ?? '';
  expect(reference).toMatch(new RegExp(`^${prefix}-[A-Z0-9]{6}$`));
  return reference;
}

test('a customer lodges a warranty claim with two photos uploaded straight to blob storage', async ({ page }) => {
  // Other tests upload photos for the same account; only this test's uploads are looked at.
  const started = Date.now() - 1_000;
  await page.goto('/login?returnUrl=/my-account/invoices');
  await page.getByLabel('Email').fill('dealer@demo.test');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // A claim is made against one of the account's own invoices.
  const firstInvoice = page.getByRole('table').getByRole('rowheader').first();
  await expect(firstInvoice).toHaveText(/^INV\d+$/);
  const invoiceNumber = (await firstInvoice.textContent())?.trim() ?? '';
  await page.goto('/warranty-claims');
  const form = page.getByRole('form', { name: 'Warranty claim' });
  await expect(page.getByRole('heading', { level: 1, name: 'Warranty claims' })).toBeVisible();

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

  const bulge = await photo(2400, 1);
  const dot = await photo(1600, 2);
  await form.getByLabel('Photos of the tyre').setInputFiles([
    { name: 'bulge outer sidewall.jpg', mimeType: 'image/jpeg', buffer: bulge },
    { name: 'dot-code.jpg', mimeType: 'image/jpeg', buffer: dot },
  ]);
  const bars = form.getByRole('progressbar');
  await expect(bars).toHaveCount(2);
  await expect(form.getByText('Uploaded', { exact: true })).toHaveCount(2, { timeout: 30_000 });
  await expect(bars.first()).toHaveAttribute('value', '100');
  await page.screenshot({ path: 'test-results/forms-warranty-claim.png', fullPage: true });

  await form.getByRole('button', { name: 'Lodge warranty claim' }).click();
  const reference = await referenceShown(page, 'WC');
  await page.screenshot({ path: 'test-results/forms-warranty-receipt.png' });

  const container = (await shopBlobService(page)).getContainerClient('uploads');
  const blobs = [];
  for await (const blob of container.listBlobsFlat({ prefix: 'C10001/', includeMetadata: true })) {
    if (blob.properties.lastModified.getTime() >= started) blobs.push(blob);
  }
  const byName = new Map(blobs.map((blob) => [blob.metadata?.originalfilename, blob]));
  for (const [name, bytes] of [
    ['bulge outer sidewall.jpg', bulge],
    ['dot-code.jpg', dot],
  ] as const) {
    const blob = byName.get(name);
    expect(blob, name).toBeDefined();
    expect(blob?.properties.contentType).toBe('image/jpeg');
    expect(blob?.properties.contentLength).toBe(bytes.length);
    expect(blob?.properties.contentDisposition).toContain(`attachment; filename="${name}"`);
  }

  await expect.poll(() => recipients(mailsMentioning(reference))).toEqual(['dana@dealer.test', 'trade@yhi.example']);
  expect(mailsMentioning(reference).join('\n')).toContain('bulge outer sidewall.jpg');
});

test('a visitor sends the contact form and applies for a trade account', async ({ page }) => {
  await page.goto('/contact-us');
  const contact = page.getByRole('form', { name: 'Contact us' });
  await contact.getByRole('button', { name: 'Send message' }).click();
  await expect(contact.getByText('Enter your name')).toBeVisible();
  await contact.getByLabel(/^Your name/).fill('Jess Nguyen');
  await contact.getByLabel(/^Email/).fill('jess@nguyen-tyres.test');
  await contact.getByLabel(/^Topic/).selectOption('Pricing');
  await contact.getByLabel(/^Message/).fill('Can you quote 40 sets of 265/70R16 all-terrains?');
  await page.screenshot({ path: 'test-results/forms-contact.png', fullPage: true });
  await contact.getByRole('button', { name: 'Send message' }).click();
  const contactReference = await referenceShown(page, 'CU');
  await expect
    .poll(() => recipients(mailsMentioning(contactReference)))
    .toEqual(['jess@nguyen-tyres.test', 'trade@yhi.example']);

  await page.goto('/register');
  const application = page.getByRole('form', { name: 'Trade account application' });
  await application.getByLabel(/^Legal business name/).fill('Coastal Wheels Pty Ltd');
  await application.getByLabel(/^Trading name/).fill('Coastal Wheels');
  await application.getByLabel(/^ABN/).fill('51 824 753 557');
  await application.getByLabel(/^ABN/).blur();
  await expect(application.getByText('This ABN is not valid: check the digits')).toBeVisible();
  await application.getByLabel(/^ABN/).fill('51 824 753 556');
  await application.getByLabel(/^Business type/).selectOption('Tyre retailer');
  await application.getByLabel(/^Years trading/).fill('6');
  await application.getByLabel(/^Expected monthly spend/).selectOption('$5,000 to $20,000');
  await application.getByLabel(/^Street address/).fill('12 Harbour St');
  await application.getByLabel(/^Suburb/).fill('Geelong');
  await application.getByLabel(/^State/).selectOption('VIC');
  await application.getByLabel(/^Postcode/).fill('3220');
  await application.getByLabel(/^Contact name/).fill('Sam Reid');
  await application.getByLabel(/^Email/).fill('sam@coastalwheels.test');
  await application.getByLabel(/^Phone/).fill('0412 345 678');
  for (const [index, company] of ['Bay Auto Parts', 'Western Fleet'].entries()) {
    const reference = application.getByRole('group', { name: `Trade reference ${index + 1}` });
    await reference.getByLabel(/supplier/).fill(company);
    await reference.getByLabel(/contact/).fill('Lee Park');
    await reference.getByLabel(/phone/).fill(`03 5222 111${index}`);
  }
  await application.getByLabel(/I have read and accept/).check();
  await page.screenshot({ path: 'test-results/forms-register.png', fullPage: true });
  await application.getByRole('button', { name: 'Apply for a trade account' }).click();
  const applicationReference = await referenceShown(page, 'TA');
  await expect
    .poll(() => recipients(mailsMentioning(applicationReference)))
    .toEqual(['sam@coastalwheels.test', 'trade@yhi.example']);
});

test('the policies open at the section another page links to', async ({ page }) => {
  await page.goto('/returns-policy#wheel-return-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Returns policy' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Wheel return policy' })).toBeInViewport();
  await page.screenshot({ path: 'test-results/forms-returns-policy.png' });
  await page.goto('/terms-and-conditions');
  await expect(page.getByRole('heading', { level: 2, name: '5. Payment and credit' })).toBeVisible();
});
