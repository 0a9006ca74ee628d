import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../support/fixtures';
import { renderApp } from '../support/render-app';
import { signInStaff } from '../support/roles';
import { type TestApp, createTestApp } from '../support/test-app';

/**
 * An administrator adds a webhook endpoint and chooses the schema version of an event type that has several
 * (docs/integration.md, Schema versions); the list says each type's version, version 1 where none was chosen.
 */
describe('the back office chooses the schema version a webhook endpoint receives', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  it('adds an endpoint taking order.placed at version 2 and order.paid at version 1', async () => {
    const user = userEvent.setup();
    const staff = await signInStaff(t.app, (await createStaff(t.database.db)).email);
    renderApp(t, '/staff/integration', staff);
    const form = await screen.findByRole('form', { name: 'Add a webhook endpoint' });

    await user.type(within(form).getByLabelText(/^Address/), 'https://erp.example.test/hooks');
    await user.click(within(form).getByRole('checkbox', { name: 'order.placed' }));
    await user.click(within(form).getByRole('checkbox', { name: 'order.paid' }));
    expect(within(form).queryByRole('combobox', { name: /Schema version of order.paid/ })).toBeNull();
    await user.selectOptions(
      within(form).getByRole('combobox', { name: /Schema version of order.placed/ }),
      'Version 2 (newest)',
    );
    await user.click(within(form).getByRole('button', { name: 'Add the endpoint' }));

    await screen.findByRole('region', { name: 'Endpoint https://erp.example.test/hooks added' });
    const list = await screen.findByRole('region', { name: 'Webhook endpoints list' });
    const row = await within(list).findByRole('row', { name: /erp\.example\.test/ });
    expect(row).toHaveTextContent('order.placed v2, order.paid v1');
  });
});
