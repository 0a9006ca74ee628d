import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SignInAccess } from '../../src/web/components/back-office/sign-in-access';

const person = { name: 'Sam Dealer', email: 'sam@dealer.test', disabled: false };

describe('sign-in access of a user or staff member', () => {
  it('disables only after the member confirms, and a cancel changes nothing', async () => {
    const onChange = vi.fn();
    render(<SignInAccess person={person} busy={false} onChange={onChange} />);

    await userEvent.click(screen.getByRole('button', { name: 'Disable sam@dealer.test' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Sign Sam Dealer out and stop them signing in?');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Disable sam@dealer.test' }));
    await userEvent.click(screen.getByRole('button', { name: 'Disable sam@dealer.test' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(true);
  });

  it('enables a disabled person at once', async () => {
    const onChange = vi.fn();
    render(<SignInAccess person={{ ...person, disabled: true }} busy={false} onChange={onChange} />);

    await userEvent.click(screen.getByRole('button', { name: 'Enable sam@dealer.test' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(false);
  });

  it('offers nothing to press twice while a change is under way', () => {
    render(<SignInAccess person={{ ...person, disabled: true }} busy onChange={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Enable sam@dealer.test' })).toBeDisabled();
  });
});
