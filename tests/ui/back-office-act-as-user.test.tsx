import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '../../src/contract/auth';
import { impersonationTokens } from '../../src/server/db/schema';
import { createCustomer, createStaff, createColleague } from '../support/fixtures';
import { renderApp } from '../support/render-app';
import { signInStaff } from '../support/roles';
import { type TestApp, createTestApp } from '../support/test-app';

let t: TestApp;
let staff: AuthResult;
let customer: Awaited<ReturnType<typeof createCustomer>>;
let carlaId: number;

beforeAll(async () => {
  t = await createTestApp();
  customer = await createCustomer(t.database.db);
  carlaId = (await createColleague(t.database.db, customer.account.id, 'buyer', { name: 'Carla Buyer' })).user.id;
  await createColleague(t.database.db, customer.account.id, 'buyer', { name: 'Gone Person', disabled: true });
  staff = await signInStaff(t.app, (await createStaff(t.database.db, 'sales')).email);
}, 60_000);
afterAll(() => t.close());

describe("the back office's account page: 'Act as' a chosen user", () => {
  it('offers Act as beside each enabled user, and mints the token to open the shop as that user', async () => {
    const user = userEvent.setup();
    renderApp(t, `/staff/accounts/${customer.account.code}`, staff);
    const users = within(await screen.findByRole('region', { name: 'Users' }));
    await users.findByRole('button', { name: 'Act as Carla Buyer' });
    expect(users.queryByRole('button', { name: 'Act as Gone Person' })).not.toBeInTheDocument();
    await user.click(users.getByRole('button', { name: 'Act as Carla Buyer' }));
    // The token minted is for that user (the browser then opens /home?token=…, which jsdom does not follow).
    await waitFor(async () =>
      expect(
        (
          await t.database.db
            .select({ userId: impersonationTokens.userId })
            .from(impersonationTokens)
            .where(eq(impersonationTokens.accountId, customer.account.id))
        ).map((row) => row.userId),
      ).toEqual([carlaId]),
    );
  });
});
