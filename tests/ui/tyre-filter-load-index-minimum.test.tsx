import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { renderApp } from '../support/render-app';
import { type TestApp, createTestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await createCatalogueFixture(t.database.db, t.clock.now);
  await t.app.catalogue.reload();
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const resultNames = () =>
  within(screen.getByRole('region', { name: 'Results' }))
    .queryAllByRole('article')
    .map((card) => card.getAttribute('aria-label'));

describe("the tyre page's 'Load index at least' filter", () => {
  it('offers the load indexes shown, narrows the results and keeps the minimum in the URL', async () => {
    renderApp(t, '/tyres?size=265%2F65R17');
    await waitFor(() =>
      expect(resultNames()).toEqual(['Alpha Road One 265/65R17 112H', 'Bravo Trail 265/65R17 116S XL']),
    );
    const minimum = screen.getByLabelText('Load index at least');
    expect(
      within(minimum)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any', '112', '116']);

    await userEvent.selectOptions(minimum, '116');
    await waitFor(() => expect(resultNames()).toEqual(['Bravo Trail 265/65R17 116S XL']));
    expect(new URLSearchParams(window.location.search).get('loadIndexMin')).toBe('116');

    await userEvent.selectOptions(screen.getByLabelText('Load index at least'), 'Any');
    await waitFor(() =>
      expect(resultNames()).toEqual(['Alpha Road One 265/65R17 112H', 'Bravo Trail 265/65R17 116S XL']),
    );
    expect(new URLSearchParams(window.location.search).get('loadIndexMin')).toBeNull();
  });

  it('reads the minimum from a shared URL', async () => {
    renderApp(t, '/tyres?size=265%2F65R17&loadIndexMin=113');
    await waitFor(() => expect(resultNames()).toEqual(['Bravo Trail 265/65R17 116S XL']));
    expect(screen.getByLabelText('Load index at least')).toHaveValue('113');
  });
});
