import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStoredSession } from '../../src/web/session/token-storage';
import { createCustomer, createStaff } from '../support/fixtures';
import { renderApp } from '../support/render-app';
import { signInStaff } from '../support/roles';
import { type TestApp, api, createTestApp } from '../support/test-app';

describe('arriving with ?token= (staff acting as a customer)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_ADDRESS: '10000', AUTH_RATE_LIMIT_PER_ACCOUNT: '10000' } });
  }, 60_000);
  afterAll(() => t.close());

  it('acts as the account with the banner, keeps the staff session, and returns to staff', async () => {
    const customer = await createCustomer(t.database.db, { name: 'Banner Test Tyres' });
    const staffMember = await createStaff(t.database.db);
    const staff = await signInStaff(t.app, staffMember.email);
    const minted = await t.app.inject({
      method: 'POST',
      url: api('Staff/ImpersonationToken'),
      headers: { authorization: `Bearer ${staff.token}` },
      payload: { accountId: customer.account.id },
    });
    const { token } = minted.json<{ token: string }>();

    const view = renderApp(t, `/home?token=${token}`, staff);
    const banner = await screen.findByRole('region', { name: 'Acting as a customer' });
    expect(banner).toHaveTextContent(
      `${staffMember.name} acting as ${customer.account.name} (${customer.account.code}, ${customer.user.name})`,
    );
    expect(window.location.search).toBe('');
    expect(readStoredSession()?.tokens.impersonatorToken).toEqual(expect.any(String));

    await userEvent.click(within(banner).getByRole('button', { name: 'Return to staff' }));
    await waitFor(() => expect(window.location.pathname).toBe('/staff'));
    expect(await screen.findByLabelText('Account code or name')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Acting as a customer' })).not.toBeInTheDocument();
    expect(readStoredSession()?.tokens.impersonatorToken).toBeNull();
    view.unmount();
  });

  it('explains an expired or used link, and the notice can be dismissed', async () => {
    const staff = await signInStaff(t.app, (await createStaff(t.database.db)).email);
    const view = renderApp(t, '/home?token=never-minted', staff);
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('This link to act as a customer has expired or was already used.');
    await userEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    view.unmount();
  });
});
