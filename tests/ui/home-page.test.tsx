import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeMerchandise, promotionBanners, settings } from '../../src/server/db/schema';
import { renderApp } from '../support/render-app';
import { type TestApp, createTestApp } from '../support/test-app';

describe('the home page', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await t.database.db.insert(promotionBanners).values({
      title: 'Winter wheel deal',
      imageUrl: '/images/promotions/summer-tyre-sale.svg',
      alternateText: 'Winter wheel deal: free locks with every set',
      linkUrl: '/wheels',
    });
    await t.database.db.insert(homeMerchandise).values([
      {
        title: 'Lifting gear',
        imageUrl: '/images/home/workshop-equipment.svg',
        alternateText: 'Trolley jacks',
        linkUrl: '/merchandise',
        sortOrder: 2,
      },
      {
        title: 'Valve caps',
        imageUrl: '/images/home/tyre-care.svg',
        alternateText: 'Coloured valve caps',
        linkUrl: '/merchandise',
        sortOrder: 1,
      },
    ]);
    await t.database.db.insert(settings).values({ key: 'phone', value: '1300 111 222' });
  }, 60_000);
  afterAll(() => t.close());

  it('shows the promotion banner, the merchandise tiles in order and the ways into the catalogue', async () => {
    renderApp(t, '/');
    const banner = await screen.findByRole('img', { name: 'Winter wheel deal: free locks with every set' });
    expect(banner.closest('a')).toHaveAttribute('href', '/wheels');
    expect(document.title).toBe('YHI | Home');

    const tiles = within(await screen.findByRole('region', { name: 'Accessories & Equipment' }));
    expect(tiles.getAllByRole('link').map((tile) => tile.textContent)).toEqual(['Valve caps', 'Lifting gear']);

    const shop = within(screen.getByRole('region', { name: 'Shop the range' }));
    expect(shop.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/tyres',
      '/wheels',
      '/merchandise',
    ]);

    await userEvent.click(banner);
    expect(await screen.findByRole('heading', { level: 1, name: 'Wheels' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/wheels');
  });

  it('shows the phone number of the settings and the captcha disclaimer in the footer', async () => {
    renderApp(t, '/home');
    const footer = within(await screen.findByRole('contentinfo'));
    expect(await footer.findByRole('link', { name: '1300 111 222' })).toHaveAttribute('href', 'tel:1300111222');
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      'This site is protected by reCAPTCHA and the Google Privacy Policy and Terms of Service apply.',
    );
    expect(footer.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy-policy');
  });
});
