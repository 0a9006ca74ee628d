import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { waitFor } from 'xstate';
import { SessionActorContext } from '../../session/session-context';

/** Ends acting as a customer: back to the staff member's own session and the accounts page. */
export function useReturnToStaff(): () => Promise<void> {
  const session = SessionActorContext.useActorRef();
  const navigate = useNavigate();
  return useCallback(async () => {
    session.send({ type: 'session.stopImpersonating' });
    const settled = await waitFor(session, (s) => s.matches('signedIn') || s.matches('anonymous'));
    await navigate({ to: settled.matches('signedIn') ? '/staff' : '/staff/login' });
  }, [session, navigate]);
}
