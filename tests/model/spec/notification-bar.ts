import { expect } from 'vitest';
import type { NotificationBarContext } from '../../../machines/notification-bar';
import type { Notification } from '../../../src/contract/home';
import type { SpecAssertions, SpecObservation, TraceEntry } from '../support/model-harness';
import { isTimer } from './trace';

/**
 * SPEC.md §2 'Notification bar' and §9, per state: the active notifications one at a time, each for its
 * secondsToDisplay seconds (5 when it has none), cycling through them; hovering or focusing the bar pauses the cycle
 * (WCAG 2.2.2, docs/app-shell.md). What is on screen is the bar's current notification.
 */
const DEFAULT_SECONDS = 5;

const contextOf = (snapshot: TraceEntry['snapshot']) => snapshot.context as NotificationBarContext;

const onScreen = (snapshot: TraceEntry['snapshot']): Notification | undefined => {
  const { notifications, index } = contextOf(snapshot);
  return notifications[index];
};

const displayMs = (notification: Notification) => (notification.secondsToDisplay ?? DEFAULT_SECONDS) * 1000;

/** The notifications the bar was last given: the latest list loaded, else its input. */
function latestList(observed: SpecObservation): readonly Notification[] {
  const loaded = observed.trace.findLast((entry) => entry.event.type === 'notifications.loaded');
  if (loaded)
    return (loaded.event as { type: 'notifications.loaded'; notifications: readonly Notification[] }).notifications;
  return (observed.input as { notifications?: readonly Notification[] } | undefined)?.notifications ?? [];
}

const sameShown = (a: TraceEntry, b: TraceEntry) =>
  onScreen(a.snapshot)?.id === onScreen(b.snapshot)?.id &&
  contextOf(a.snapshot).notifications === contextOf(b.snapshot).notifications;

/**
 * Every change of the notification on screen along the trace: it changes only by its display time running out (or a
 * new list), after exactly its secondsToDisplay (at least, when the bar was paused meanwhile), to the next in order.
 */
function checkCycle(trace: readonly TraceEntry[]): void {
  let cameAt = 0;
  for (let index = 1; index < trace.length; index += 1) {
    const before = trace[index - 1] as TraceEntry;
    const entry = trace[index] as TraceEntry;
    if (entry.event.type === 'notifications.loaded' || entry.event.type === 'xstate.init') {
      cameAt = index;
      continue;
    }
    if (sameShown(before, entry)) {
      if (isTimer(entry.event))
        expect(
          contextOf(before.snapshot).notifications.length,
          'after its display time the next notification shows',
        ).toBeLessThan(2);
      continue;
    }
    const shown = onScreen(before.snapshot);
    expect(isTimer(entry.event), `the notification on screen changed on ${entry.event.type}`).toBe(true);
    if (!shown) continue;
    const elapsed = entry.at - (trace[cameAt] as TraceEntry).at;
    const paused = trace.slice(cameAt, index).some((candidate) => candidate.snapshot.matches({ showing: 'paused' }));
    if (paused) expect(elapsed).toBeGreaterThanOrEqual(displayMs(shown));
    else expect(elapsed, `'${shown.text}' was on screen for ${elapsed} ms`).toBe(displayMs(shown));
    const { notifications, index: from } = contextOf(before.snapshot);
    expect(contextOf(entry.snapshot).index, 'cycles to the next notification, and from the last to the first').toBe(
      (from + 1) % notifications.length,
    );
    cameAt = index;
  }
}

export const notificationBarSpec: SpecAssertions = {
  '*': (observed) => checkCycle(observed.trace),
  // Nothing to announce: the bar shows nothing.
  empty: (observed) => {
    expect(latestList(observed)).toEqual([]);
    expect(onScreen(observed.snapshot)).toBeUndefined();
  },
  // One notification at a time, one of those the bar was last given.
  showing: (observed) => {
    const shown = onScreen(observed.snapshot);
    expect(shown).toBeDefined();
    expect(latestList(observed).map((notification) => notification.id)).toContain(shown?.id);
  },
};

export function notification(id: number, secondsToDisplay: number | null): Notification {
  return {
    id,
    text: `Notice ${id}`,
    startDate: null,
    endDate: null,
    sortOrder: id,
    secondsToDisplay,
    displayOnSaleIcon: false,
  };
}

export const timedNotifications = [notification(1, 3), notification(2, null)];
export const singleNotification = [notification(3, 7)];

/** The notification bar's model: without and with notifications, new lists of none, one or two, pause and resume. */
export const notificationBarModelOptions = {
  spec: notificationBarSpec,
  // How long the notification on screen stays decides when the bar moves on: paths with a timed and with an untimed
  // notification on screen are kept apart, so the 5 s default is walked as well as a given secondsToDisplay.
  distinguish: (snapshot: TraceEntry['snapshot']) => onScreen(snapshot)?.secondsToDisplay ?? null,
  inputs: {
    'no notifications': { notifications: [] },
    'two notifications': { notifications: timedNotifications },
  },
  events: [
    { type: 'notifications.loaded', notifications: [] },
    { type: 'notifications.loaded', notifications: singleNotification },
    { type: 'notifications.loaded', notifications: timedNotifications },
    { type: 'bar.pause' },
    { type: 'bar.resume' },
  ],
  describeEvent: (event: { type: string }) =>
    event.type === 'notifications.loaded' && 'notifications' in event && Array.isArray(event.notifications)
      ? `notifications.loaded(${event.notifications.length})`
      : event.type.startsWith('xstate.after.')
        ? 'xstate.after.displayDuration'
        : event.type,
} as const;
