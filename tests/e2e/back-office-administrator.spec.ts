import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './support/checkout-steps';
import { linkMailedTo } from './support/mailed-link';
import { docsScreenshot } from './support/docs-screenshot';

/**
 * An administrator adds a staff member with a role; the member chooses a password through the mailed link and signs
 * in to the back office, which offers only their role's parts. The administrator then creates an integration key
 * and uploads an import file.
 */
test('an administrator creates a staff member, who sets a password and signs in, then creates an integration key and uploads an import', async ({
  page,
  browser,
}) => {
  const email = `claims-${Date.now().toString(36)}@staff-e2e.test`;
  await page.goto('/staff/login');
  await page.getByLabel('Email').fill('staff@demo.test');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Staff' }).click();
  const members = page.getByRole('table', { name: 'Staff members' });
  await expect(members.getByRole('row', { name: /staff@demo\.test/ })).toContainText('You');

  const add = page.getByRole('form', { name: 'Add a staff member' });
  await add.getByLabel(/^Name/).fill('Cleo Claims');
  await add.getByLabel(/^Email/).fill(email);
  await add.getByLabel(/^Role/).selectOption('claims');
  await add.getByRole('button', { name: 'Add and mail a link' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${email} is added and mailed a link.` })).toBeVisible();
  await expect(members.getByRole('row', { name: new RegExp(email) })).toContainText('Added, no password yet');
  await docsScreenshot(page, 'staff');

  await expect.poll(() => linkMailedTo(email, '/staff/set-password'), { timeout: 30_000 }).not.toBeNull();
  const link = new URL(linkMailedTo(email, '/staff/set-password') ?? '');
  const member = await browser.newPage();
  await member.goto(`${link.pathname}${link.search}`);
  const choose = member.getByRole('form', { name: 'Choose your password' });
  await expect(choose).toContainText(email);
  await choose.getByLabel('New password', { exact: true }).fill('Claims!2345');
  await choose.getByLabel('Confirm new password').fill('Claims!2345');
  await choose.getByRole('button', { name: 'Set password' }).click();
  await member.getByRole('link', { name: 'Go to login' }).click();
  await expect(member).toHaveURL(/\/staff\/login$/);
  await member.getByLabel('Email').fill(email);
  await member.getByLabel('Password').fill('Claims!2345');
  await member.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(member).toHaveURL(/\/staff$/);
  const nav = member.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByRole('link', { name: 'Requests' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Staff' })).toHaveCount(0);
  await member.close();

  // The administrator creates an integration key, shown this once; the list then shows only its first characters.
  const keyName = `e2e-${Date.now().toString(36)}`;
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Integration' }).click();
  const create = page.getByRole('form', { name: 'Create an integration key' });
  await create.getByLabel(/^Name/).fill(keyName);
  await create.getByLabel('stock', { exact: true }).check();
  await create.getByLabel('prices', { exact: true }).check();
  await create.getByRole('button', { name: 'Create the key' }).click();
  const shown = page.getByRole('region', { name: `Key ‘${keyName}’ created` });
  await expect(shown).toContainText('it will not be shown again');
  const key = await shown.getByLabel(`The key ${keyName}`).inputValue();
  expect(key).toMatch(/^yhi_ik_[A-Za-z0-9_-]{43}$/);
  const row = page
    .getByRole('table', { name: 'Integration keys, by name' })
    .getByRole('row', { name: new RegExp(keyName) });
  await expect(row).toContainText(`${key.slice(0, 13)}…`);
  await expect(row).toContainText('stock, prices');
  await expect(row).toContainText('Never');

  // A file whose only row is refused: an import job runs, applies nothing, and offers its errors file.
  const upload = page.getByRole('form', { name: 'Start an import' });
  await upload.getByLabel(/^Import/).selectOption('warehouses');
  await upload.getByLabel('File').setInputFiles({
    name: 'warehouses-e2e.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('code,name,kind,state\nE2E,NOWHERE,elsewhere,WA\n'),
  });
  await upload.getByRole('button', { name: 'Upload and import' }).click();
  const job = page
    .getByRole('table', { name: 'Import jobs, newest first' })
    .getByRole('row', { name: /warehouses-e2e\.csv/ });
  await expect(job).toContainText('done', { timeout: 15_000 });
  const download = page.waitForEvent('download');
  await job.getByRole('button', { name: /Download the errors of job/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^import-\d+-errors\.csv$/);
  await docsScreenshot(page, 'integration');
  await shown.getByRole('button', { name: 'Done, hide it' }).click();
  await expect(shown).toHaveCount(0);

  // A webhook endpoint for placed orders: its signing secret is shown this once; disabling it is asked again.
  const hookUrl = `https://erp-${keyName}.example.test/hooks`;
  const addHook = page.getByRole('form', { name: 'Add a webhook endpoint' });
  await addHook.getByRole('button', { name: 'Add the endpoint' }).click();
  await expect(addHook.getByText('name at least one event type')).toBeVisible();
  await addHook.getByLabel(/^Address/).fill(hookUrl);
  await addHook.getByLabel('order.placed', { exact: true }).check();
  await addHook.getByRole('button', { name: 'Add the endpoint' }).click();
  const secret = page.getByRole('region', { name: `Endpoint ${hookUrl} added` });
  await expect(secret).toContainText('it will not be shown again');
  expect(await secret.getByLabel(`The signing secret of ${hookUrl}`).inputValue()).toMatch(/^whsec_/);
  await secret.getByRole('button', { name: 'Done, hide it' }).click();
  const hook = page
    .getByRole('table', { name: 'Webhook endpoints, oldest first' })
    .getByRole('row', { name: new RegExp(hookUrl) });
  await expect(hook).toContainText('Active');
  await hook.getByRole('button', { name: `Disable ${hookUrl}` }).click();
  await hook.getByRole('button', { name: `Yes, disable ${hookUrl}` }).click();
  await expect(hook).toContainText('Disabled');
  await expect(page.getByText('Every delivery arrived or is still being tried.')).toBeVisible();
});
