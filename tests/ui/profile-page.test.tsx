import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_PASSWORD, createColleague, createCustomer, signIn } from '../support/fixtures';
import { renderApp } from '../support/render-app';
import { type TestApp, api, createTestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: { AUTH_RATE_LIMIT_PER_ADDRESS: '1000', AUTH_RATE_LIMIT_PER_ACCOUNT: '1000' },
  });
}, 60_000);
afterAll(() => t.close());
afterEach(() => localStorage.clear());

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: api('Authenticate/Login'), payload: { email, password } });

/** /my-account/profile: every user's own name, password and 'Sign out everywhere'. */
describe('the profile page', () => {
  it('a counter user saves their name, and a wrong current password is named under its field', async () => {
    const user = userEvent.setup();
    const owner = await createCustomer(t.database.db);
    const counter = await createColleague(t.database.db, owner.account.id, 'counter');
    renderApp(t, '/my-account/profile', await signIn(t.app, counter.email));

    const nameForm = await screen.findByRole('form', { name: 'Your name' });
    const name = within(nameForm).getByLabelText('Name');
    await waitFor(() => expect(name).toHaveValue(counter.user.name));
    await user.clear(name);
    await user.type(name, 'Carla Front Desk');
    await user.click(within(nameForm).getByRole('button', { name: 'Save name' }));
    expect(await within(nameForm).findByText('Your name is saved.')).toBeInTheDocument();

    const passwordForm = screen.getByRole('form', { name: 'Change your password' });
    await user.type(within(passwordForm).getByLabelText('Current password'), 'Not!mine123');
    await user.type(within(passwordForm).getByLabelText('New password'), 'Another!2345');
    await user.click(within(passwordForm).getByRole('button', { name: 'Change password' }));
    expect(await within(passwordForm).findByText('That is not your current password.')).toBeInTheDocument();

    const tabs = screen.getByRole('navigation', { name: 'My account' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Details', 'Quotes', 'Profile']);
  });

  it('changes the password and sends the user to sign in again', async () => {
    const user = userEvent.setup();
    const owner = await createCustomer(t.database.db);
    renderApp(t, '/my-account/profile', await signIn(t.app, owner.email));
    const passwordForm = await screen.findByRole('form', { name: 'Change your password' });
    await user.type(within(passwordForm).getByLabelText('Current password'), FIXTURE_PASSWORD);
    await user.type(within(passwordForm).getByLabelText('New password'), 'Another!2345');
    await user.click(within(passwordForm).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect((await login(owner.email, 'Another!2345')).statusCode).toBe(200);
  });

  it("'Sign out everywhere' ends the user's other sessions and this one", async () => {
    const user = userEvent.setup();
    const owner = await createCustomer(t.database.db);
    const elsewhere = await signIn(t.app, owner.email);
    renderApp(t, '/my-account/profile', await signIn(t.app, owner.email));
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    const renewed = await t.app.inject({
      method: 'POST',
      url: api('Authenticate/TokenRefresh'),
      payload: { refreshToken: elsewhere.refreshToken },
    });
    expect(renewed.statusCode).toBe(401);
  });
});
