import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthResult } from '../../src/contract/auth';
import { ApiClient } from '../../src/web/api/api-client';
import { App } from '../../src/web/app';
import { writeStoredTokens } from '../../src/web/session/token-storage';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { createFetchGate } from '../support/fetch-gate';
import { createCustomer, signIn } from '../support/fixtures';
import { injectFetch } from '../support/inject-fetch';
import { type TestApp, createTestApp } from '../support/test-app';

/**
 * The quick order pad on the real page (its own quick-order actor) against the real server: what the rows, the
 * buttons and the notice show while the buyer edits, removes, pastes past the limit, and when Cart/QuickAdd fails.
 * Every text is the one the page is specified to show, written out here.
 */
const QUICK_ADD = /\/Cart\/QuickAdd$/i;
const NEW_ITEM = 'New item: SKU, tyre size or wheel code';
/** docs/orders.md: the pad holds 200 rows. */
const MAX_ROWS = 200;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await createCatalogueFixture(t.database.db, t.clock.now);
  await t.app.catalogue.reload();
}, 60_000);
afterAll(() => t?.close());
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const dealer = async (): Promise<AuthResult> =>
  signIn(t.app, (await createCustomer(t.database.db, { state: 'VIC' })).email);
const row = (number: number) => screen.getByRole('row', { name: `Row ${number}` });
const button = (name: string | RegExp) => screen.getByRole('button', { name });

async function quickOrderPage(session: AuthResult) {
  writeStoredTokens({ token: session.token, refreshToken: session.refreshToken, impersonatorToken: null });
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  window.history.replaceState(null, '', '/quick-order');
  const gate = createFetchGate(injectFetch(t.app));
  render(<App api={new ApiClient({ fetch: gate.fetch, validateResponses: true })} />);
  const item = await screen.findByLabelText(NEW_ITEM);
  const paste = (text: string) => act(() => void fireEvent.paste(item, { clipboardData: { getData: () => text } }));
  return { gate, item, paste };
}

describe('the quick order pad', () => {
  it('says what each row lacks, counts only ready rows, and removes or clears rows', async () => {
    const user = userEvent.setup();
    const { paste } = await quickOrderPage(await dealer());
    expect(screen.getByText('No rows yet.')).toBeInTheDocument();
    expect(button('Add all to cart')).toBeDisabled();

    paste('T1\t2\nW1\tfour\n\t3\n');
    expect(row(1)).toHaveTextContent('Ready');
    expect(row(2)).toHaveTextContent('Enter a quantity from 1 to 9,999.');
    expect(row(3)).toHaveTextContent('Type a SKU, tyre size or wheel code.');
    // A row that cannot be sent as typed is one to correct, and goes into the download.
    expect(screen.getByText('0 added · 2 to correct · 1 ready')).toBeInTheDocument();
    expect(button('Add all to cart (1)')).toBeEnabled();
    expect(button('Download rows to correct (CSV)')).toBeEnabled();

    await user.clear(screen.getByLabelText('Quantity of row 2'));
    await user.type(screen.getByLabelText('Quantity of row 2'), '4');
    expect(row(2)).toHaveTextContent('Ready');
    expect(screen.getByText('0 added · 1 to correct · 2 ready')).toBeInTheDocument();
    expect(button('Add all to cart (2)')).toBeEnabled();

    await user.click(button('Remove row 3'));
    expect(screen.queryByRole('row', { name: 'Row 3' })).not.toBeInTheDocument();
    expect(screen.getByText('0 added · 0 to correct · 2 ready')).toBeInTheDocument();
    expect(button('Download rows to correct (CSV)')).toBeDisabled();

    await user.click(button('Clear all rows'));
    expect(screen.queryByRole('row', { name: 'Row 1' })).not.toBeInTheDocument();
    expect(screen.getByText('No rows yet.')).toBeInTheDocument();
    expect(button('Add all to cart')).toBeDisabled();
  });

  it('keeps the first 200 rows of a longer paste and says how many were left out, until dismissed', async () => {
    const user = userEvent.setup();
    const { paste } = await quickOrderPage(await dealer());
    paste(Array.from({ length: MAX_ROWS + 3 }, () => 'T1\t1').join('\n'));
    expect(screen.getByRole('row', { name: `Row ${MAX_ROWS}` })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: `Row ${MAX_ROWS + 1}` })).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The pad holds 200 rows: 3 rows were left out.');
    await user.click(button('Dismiss'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('while Cart/QuickAdd is on its way the rows say Adding…; when it fails they stay ready and the notice says why', async () => {
    const user = userEvent.setup();
    const { gate, paste } = await quickOrderPage(await dealer());
    paste('T1\t2\nflux capacitor\t1\n');
    gate.hold(QUICK_ADD);

    await user.click(button('Add all to cart (2)'));
    expect(row(1)).toHaveTextContent('Adding…');
    expect(row(2)).toHaveTextContent('Adding…');
    expect(button(/^Adding…/)).toBeDisabled();
    await waitFor(() => expect(gate.waiting(QUICK_ADD)).toBe(1));
    gate.fail(QUICK_ADD);

    expect(await screen.findByRole('alert')).toHaveTextContent('A communication error has occurred');
    expect(row(1)).toHaveTextContent('Ready');
    expect(button('Add all to cart (2)')).toBeEnabled();

    gate.release(QUICK_ADD, { open: true });
    await user.click(button('Add all to cart (2)'));
    await waitFor(() => expect(row(2)).toHaveTextContent('No product matches.'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(row(1)).toHaveTextContent('Added: Alpha Road One 265/65R17 112H');
    expect(screen.getByText('1 added · 1 to correct · 0 ready')).toBeInTheDocument();
    expect(button('Download rows to correct (CSV)')).toBeEnabled();
    expect(within(row(1)).getByLabelText('Item of row 1')).toHaveValue('T1');
  });
});
