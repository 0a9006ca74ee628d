import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { cartNoticeMachine, noticeText } from '../../machines/cart-notice';
import { cartNoticeModelOptions } from './spec/cart-notice';
import { createMachineModel } from './support/model-harness';

const model = createMachineModel(cartNoticeMachine, cartNoticeModelOptions);

describe('cart notice machine (model paths)', () => {
  it('has generated paths', () => {
    expect(model.paths.length).toBeGreaterThan(4);
  });

  for (const path of model.paths) {
    it(path.description, () => model.run(path));
  }
});

describe('cart notice timing and text', () => {
  it("shows 'N Item(s) Added to Cart' / 'Removed from Cart' for exactly 3 s after the count changes", async () => {
    vi.useFakeTimers();
    try {
      const notice = createActor(
        cartNoticeMachine.provide({ actors: { loadCount: fromPromise(async () => 1) } }),
      ).start();
      notice.send({ type: 'cart.counted', count: 5 });
      expect(notice.getSnapshot().value).toBe('signedOut');
      notice.send({ type: 'session.signedIn' });
      await vi.advanceTimersByTimeAsync(0);
      expect(notice.getSnapshot().context).toEqual({ count: 1, change: 0 });
      notice.send({ type: 'cart.counted', count: 5 });
      expect(notice.getSnapshot().value).toBe('showing');
      expect(noticeText(notice.getSnapshot().context.change)).toBe('4 Item(s) Added to Cart');
      vi.advanceTimersByTime(2_999);
      expect(notice.getSnapshot().value).toBe('showing');
      vi.advanceTimersByTime(1);
      expect(notice.getSnapshot().value).toBe('quiet');
      notice.send({ type: 'cart.counted', count: 2 });
      expect(noticeText(notice.getSnapshot().context.change)).toBe('3 Item(s) Removed from Cart');
      notice.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
