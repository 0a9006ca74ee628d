import { assign, setup } from 'xstate';
import type { Notification } from '../src/contract/home';

/** SPEC.md §9: a notification without secondsToDisplay shows for 5 s. */
export const DEFAULT_SECONDS_TO_DISPLAY = 5;

export interface NotificationBarContext {
  notifications: readonly Notification[];
  index: number;
}

export type NotificationBarEvent =
  | { type: 'notifications.loaded'; notifications: readonly Notification[] }
  | { type: 'bar.pause' }
  | { type: 'bar.resume' };

export function currentNotification(context: NotificationBarContext): Notification | undefined {
  return context.notifications[context.index];
}

const loadedParams = ({ event }: { event: Extract<NotificationBarEvent, { type: 'notifications.loaded' }> }) => ({
  notifications: event.notifications,
});

/**
 * The notification bar (SPEC.md §2): active notifications one at a time, each for its
 * secondsToDisplay (default 5), cycling. Hovering or focusing the bar pauses the cycle (WCAG 2.2.2).
 */
export const notificationBarMachine = setup({
  types: {
    context: {} as NotificationBarContext,
    events: {} as NotificationBarEvent,
    input: {} as { notifications?: readonly Notification[] },
  },
  guards: {
    hasNotifications: (_, params: { notifications: readonly Notification[] }) => params.notifications.length > 0,
    hasAny: ({ context }) => context.notifications.length > 0,
    hasSeveral: ({ context }) => context.notifications.length > 1,
  },
  actions: {
    replaceNotifications: assign((_, params: { notifications: readonly Notification[] }) => ({
      notifications: params.notifications,
      index: 0,
    })),
    showNext: assign({ index: ({ context }) => (context.index + 1) % context.notifications.length }),
  },
  delays: {
    displayDuration: ({ context }) =>
      (currentNotification(context)?.secondsToDisplay ?? DEFAULT_SECONDS_TO_DISPLAY) * 1000,
  },
}).createMachine({
  id: 'notificationBar',
  context: ({ input }) => ({ notifications: input.notifications ?? [], index: 0 }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'hasAny', target: 'showing' }, { target: 'empty' }],
    },
    empty: {
      on: {
        'notifications.loaded': {
          guard: { type: 'hasNotifications', params: loadedParams },
          target: 'showing',
          actions: { type: 'replaceNotifications', params: loadedParams },
        },
      },
    },
    showing: {
      initial: 'cycling',
      on: {
        'notifications.loaded': [
          {
            guard: { type: 'hasNotifications', params: loadedParams },
            target: '.cycling',
            reenter: true,
            actions: { type: 'replaceNotifications', params: loadedParams },
          },
          { target: 'empty', actions: { type: 'replaceNotifications', params: loadedParams } },
        ],
      },
      states: {
        cycling: {
          after: {
            displayDuration: { guard: 'hasSeveral', target: 'cycling', reenter: true, actions: 'showNext' },
          },
          on: { 'bar.pause': 'paused' },
        },
        paused: {
          on: { 'bar.resume': 'cycling' },
        },
      },
    },
  },
});
