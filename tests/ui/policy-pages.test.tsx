import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '../support/render-app';
import { type TestApp, createTestApp } from '../support/test-app';

describe('the policy pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  it('renders the returns policy from its content file, with the wheel return policy the cart links to', async () => {
    renderApp(t, '/returns-policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Returns policy' })).toBeInTheDocument();
    const wheels = screen.getByRole('heading', { level: 2, name: 'Wheel return policy' });
    expect(wheels).toHaveAttribute('id', 'wheel-return-policy');
    const article = within(screen.getByRole('article'));
    expect(
      article.getByText(
        (_, element) => element?.tagName === 'LI' && /have not been fitted with tyres/.test(element.textContent ?? ''),
      ),
    ).toBeInTheDocument();
    const toc = within(screen.getByRole('navigation', { name: 'On this page' }));
    expect(toc.getByRole('link', { name: 'Wheel return policy' })).toHaveAttribute('href', '#wheel-return-policy');
    expect(article.getByRole('link', { name: 'warranty claim' })).toHaveAttribute('href', '/warranty-claims');
  });

  it('renders the privacy policy', async () => {
    renderApp(t, '/privacy-policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeInTheDocument();
    const article = within(screen.getByRole('article'));
    expect(article.getByText(/Privacy Act 1988/)).toBeInTheDocument();
    expect(article.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('target', '_blank');
  });

  it('renders the terms and conditions of trade', async () => {
    renderApp(t, '/terms-and-conditions');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '6. Retention of title and PPSA' })).toBeInTheDocument();
    expect(screen.getByText('30 days')).toBeInTheDocument();
  });
});
