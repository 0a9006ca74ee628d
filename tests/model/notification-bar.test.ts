import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { notificationBarMachine } from '../../machines/notification-bar';
import { notificationBarModelOptions, timedNotifications as timed } from './spec/notification-bar';
import { createMachineModel } from './support/model-harness';

const model = createMachineModel(notificationBarMachine, notificationBarModelOptions);

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
      vi.advanceTimersByTime(4_999);
      expect(bar.getSnapshot().context.index).toBe(1);
      vi.advanceTimersByTime(1);
      expect(bar.getSnapshot().context.index).toBe(0);
      bar.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
