import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import {
  type NotificationBarContext,
  currentNotification,
  notificationBarMachine,
} from '../../machines/notification-bar';
import type { Notification } from '../../src/contract/home';
import { NotificationCycle } from '../../src/web/components/notification-bar/notification-bar';
import { actorObservers } from '../support/observed-actors';
import { notificationBarModelOptions } from '../model/spec/notification-bar';
import { createMachineModel } from '../model/support/model-harness';

/**
 * The app's notification bar along the notification bar machine's paths, with SPEC.md's assertions
 * (tests/model/spec/notification-bar.ts): new notifications arrive as the component's props, the pointer over the bar
 * pauses it and leaving resumes it, and the display time passes on the fake clock. After every step the bar shows
 * the machine's current notification and its position, or nothing.
 */
vi.mock('../../src/web/dev/actor-options', async (importOriginal) =>
  (await import('../support/observed-actors')).observedActorOptions(importOriginal),
);

const model = createMachineModel(notificationBarMachine, notificationBarModelOptions);

const bar = () => screen.queryByRole('region', { name: 'Notifications' });

describe('the notification bar along the notification bar machine', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      let view: ReturnType<typeof render> | null = null;
      try {
        await model.run(path, {
          start: ({ input, inspect }) => {
            let running: AnyActorRef | null = null;
            actorObservers.set('notificationBar', (event) => {
              const ref = event.actorRef as AnyActorRef;
              if (event.type === '@xstate.actor' && ref.id === 'notificationBar' && !running) running = ref;
              inspect(event);
            });
            view = render(
              <NotificationCycle notifications={(input as { notifications: readonly Notification[] }).notifications} />,
            );
            if (!running) throw new Error('the notification bar started no actor');
            return running;
          },
          events: {
            // A fresh list from Home/Notifications, as the component receives it.
            'notifications.loaded': (event) => {
              const { notifications } = event as unknown as { notifications: readonly Notification[] };
              act(() => view?.rerender(<NotificationCycle notifications={[...notifications]} />));
            },
            'bar.pause': () => {
              const region = bar();
              if (!region) throw new Error('no bar to point at');
              act(() => fireEvent.mouseEnter(region));
            },
            'bar.resume': () => {
              const region = bar();
              if (!region) throw new Error('no bar to leave');
              act(() => fireEvent.mouseLeave(region));
            },
          },
          check: (step) => {
            const state = step.state as AnyMachineSnapshot;
            const context = state.context as NotificationBarContext;
            const shown = currentNotification(context);
            if (!state.matches('showing') || !shown) {
              expect(bar()).not.toBeInTheDocument();
              return;
            }
            expect(bar()).toHaveTextContent(shown.text);
            for (const other of context.notifications.filter((notification) => notification.id !== shown.id))
              expect(bar()).not.toHaveTextContent(other.text);
            if (context.notifications.length > 1)
              expect(
                screen.getByText(`Notification ${context.index + 1} of ${context.notifications.length}`),
              ).toBeInTheDocument();
          },
        });
      } finally {
        (view as ReturnType<typeof render> | null)?.unmount();
        actorObservers.delete('notificationBar');
      }
    });
  }
});
