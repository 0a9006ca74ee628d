import { type StatelyInspectionEvent, createBrowserReceiver } from '@statelyai/inspect';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../src/web/api/api-client';
import { SessionProvider, useSessionStatus } from '../../src/web/session/session-context';

function SessionStatus() {
  return <p>{useSessionStatus()}</p>;
}

/**
 * Stands in for the stately.ai/inspect window the browser inspector opens (the world's edge): a window whose
 * opener is the shop, on which the inspector's own receiver listens.
 */
function inspectorWindow(): Window {
  const target = new EventTarget() as EventTarget & Record<string, unknown>;
  Object.assign(target, {
    opener: window,
    postMessage: (data: unknown) => target.dispatchEvent(new MessageEvent('message', { data })),
  });
  target.self = target;
  target.top = target;
  return target as unknown as Window;
}

describe('Stately inspector in development', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('with ?inspect, the inspector receives the session actor under its name, with its events', async () => {
    window.history.replaceState(null, '', '/home?inspect');
    const received: StatelyInspectionEvent[] = [];
    const open = vi.spyOn(window, 'open').mockImplementation(() => {
      const remote = inspectorWindow();
      createBrowserReceiver({ window: remote }).subscribe((event) => received.push(event));
      return remote;
    });

    render(
      <SessionProvider api={new ApiClient()}>
        <SessionStatus />
      </SessionProvider>,
    );
    expect(await screen.findByText('anonymous')).toBeInTheDocument();

    await waitFor(() => {
      expect(open).toHaveBeenCalledWith('https://stately.ai/inspect', 'xstateinspector');
      const session = received.find((event) => event.type === '@xstate.actor' && event.name === 'session');
      expect(session).toBeDefined();
      const events = received
        .filter((event) => event.type === '@xstate.event' && event.sessionId === session?.sessionId)
        .map((event) => (event.type === '@xstate.event' ? event.event.type : ''));
      expect(events).toEqual(expect.arrayContaining(['xstate.init', 'xstate.done.actor.restoreSession']));
      const snapshots = received.filter(
        (event) => event.type === '@xstate.snapshot' && event.sessionId === session?.sessionId,
      );
      expect(snapshots.at(-1)).toMatchObject({ snapshot: { value: 'anonymous' } });
    });
  });
});
