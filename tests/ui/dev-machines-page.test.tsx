import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/web/api/api-client';
import { MachinesPage } from '../../src/web/dev/machines-page';
import { SessionProvider } from '../../src/web/session/session-context';

describe('/dev/machines (development)', () => {
  it('shows every statechart and highlights where the running session actor is', async () => {
    const { container } = render(
      <SessionProvider api={new ApiClient()}>
        <MachinesPage />
      </SessionProvider>,
    );
    expect(screen.getByRole('heading', { name: 'session' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'notificationBar' })).toBeInTheDocument();
    expect(screen.getByTestId('running-notificationBar')).toHaveTextContent('No actor of this machine is running');

    await waitFor(() => expect(screen.getByTestId('running-session')).toHaveTextContent('session: anonymous'));
    const session = container.querySelector('svg[data-machine="session"]');
    expect(session?.querySelector('[data-state="anonymous"]')).toHaveClass('active');
    expect(session?.querySelector('[data-state="checking"]')).not.toHaveClass('active');
  });
});
