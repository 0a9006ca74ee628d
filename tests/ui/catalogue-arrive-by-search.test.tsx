import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthResult } from '../../src/contract/auth';
import { arriveByDate } from '../../src/web/components/catalogue/catalogue-search-params';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { createCustomer, signIn } from '../support/fixtures';
import { renderApp } from '../support/render-app';
import { type TestApp, createTestApp } from '../support/test-app';

let t: TestApp;
let dealer: AuthResult;

beforeAll(async () => {
  t = await createTestApp();
  await createCatalogueFixture(t.database.db, t.clock.now);
  await t.app.catalogue.reload();
  const customer = await createCustomer(t.database.db, { state: 'VIC' });
  dealer = await signIn(t.app, customer.email);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

/** Each search page, its box beside which Sort and 'Can arrive by' sit, and the route its search asks. */
const pages = [
  { path: '/tyres', box: 'Size or product search', route: '/Tyre/Search' },
  { path: '/wheels', box: 'Search wheels', route: '/Wheel/Search' },
  { path: '/merchandise', box: 'Search accessories and equipment', route: '/Merchandise/Search' },
];

describe("the search pages' 'Can arrive by' filter", () => {
  for (const page of pages) {
    it(`on ${page.path}, puts Sort one Tab after the box and 'Can arrive by' the next`, async () => {
      renderApp(t, page.path, dealer);
      const box = await screen.findByLabelText(page.box);
      box.focus();
      await userEvent.tab();
      expect(document.activeElement).toBe(screen.getByLabelText('Sort'));
      await userEvent.tab();
      expect(document.activeElement).toBe(screen.getByLabelText('Can arrive by'));
    });

    it(`on ${page.path}, sends the chosen day as arriveBy and keeps the choice in the URL`, async () => {
      const inject = vi.spyOn(t.app, 'inject');
      const sent = () =>
        inject.mock.calls
          .map((call) => (call as unknown[])[0] as { url?: string; payload?: string })
          .filter((options) => options.url?.endsWith(page.route) && typeof options.payload === 'string')
          .map((options) => (JSON.parse(options.payload as string) as { arriveBy?: string }).arriveBy);
      renderApp(t, page.path, dealer);
      const choice = await screen.findByLabelText('Can arrive by');
      expect(Array.from((choice as HTMLSelectElement).options).map((option) => option.textContent)).toEqual([
        'Any day',
        'Today',
        'Tomorrow',
        'In 3 days',
        'In a week',
      ]);
      await waitFor(() => expect(sent()).toContain(undefined));
      await userEvent.selectOptions(choice, 'Tomorrow');
      await waitFor(() => expect(sent()).toContain(arriveByDate('tomorrow')));
      expect(new URLSearchParams(window.location.search).get('arrive')).toBe('tomorrow');
    });

    it(`on ${page.path}, shows visitors Sort but no 'Can arrive by'`, async () => {
      renderApp(t, `${page.path}?arrive=today`);
      await screen.findByLabelText(page.box);
      expect(await screen.findByLabelText('Sort')).toBeInTheDocument();
      expect(screen.queryByLabelText('Can arrive by')).toBeNull();
    });
  }
});

describe('arriveByDate', () => {
  it("counts days from today on Melbourne's calendar", () => {
    // 23:30 UTC on 30 November is 10:30 on 1 December in Melbourne (AEDT).
    const now = new Date('2026-11-30T23:30:00Z');
    expect(arriveByDate('today', now)).toBe('2026-12-01');
    expect(arriveByDate('tomorrow', now)).toBe('2026-12-02');
    expect(arriveByDate('3-days', now)).toBe('2026-12-04');
    expect(arriveByDate('week', now)).toBe('2026-12-08');
  });
});
