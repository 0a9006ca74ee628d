import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { Notification } from '../../src/contract/home';
import { DEFAULT_SECONDS_TO_DISPLAY, notificationBarMachine } from '../../machines/notification-bar';
import { createMachineModel } from './support/model-harness';

function notification(id: number, secondsToDisplay: number | null): Notification {
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

const timed = [notification(1, 3), notification(2, null)];
const single = [notification(3, 7)];

const model = createMachineModel(notificationBarMachine, {
  inputs: {
    'no notifications': { notifications: [] },
    'two notifications': { notifications: timed },
  },
  events: [
    { type: 'notifications.loaded', notifications: [] },
    { type: 'notifications.loaded', notifications: single },
    { type: 'notifications.loaded', notifications: timed },
    { type: 'bar.pause' },
    { type: 'bar.resume' },
  ],
  describeEvent: (event) =>
    event.type === 'notifications.loaded' && 'notifications' in event && Array.isArray(event.notifications)
      ? `notifications.loaded(${event.notifications.length})`
      : event.type.startsWith('xstate.after.')
        ? 'xstate.after.displayDuration'
        : event.type,
});

describe('notification bar machine (model paths)', () => {
  it('has generated paths', () => {
    expect(model.paths.length).toBeGreaterThan(3);
  });

  for (const path of model.paths) {
    it(path.description, () => model.run(path));
  }
});

describe('notification bar display duration', () => {
  it('shows each notification for its secondsToDisplay, and 5 s when it has none', () => {
    vi.useFakeTimers();
    try {
      const bar = createActor(notificationBarMachine, { input: { notifications: timed } }).start();
      vi.advanceTimersByTime(2_999);
      expect(bar.getSnapshot().context.index).toBe(0);
      vi.advanceTimersByTime(1);
      expect(bar.getSnapshot().context.index).toBe(1);
      vi.advanceTimersByTime(DEFAULT_SECONDS_TO_DISPLAY * 1000 - 1);
      expect(bar.getSnapshot().context.index).toBe(1);
      vi.advanceTimersByTime(1);
      expect(bar.getSnapshot().context.index).toBe(0);
      bar.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
