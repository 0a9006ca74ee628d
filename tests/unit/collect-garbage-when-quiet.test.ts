import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUIET_MS, collectGarbageWhenQuiet } from '../../src/server/collect-garbage';

describe('an instance collects its garbage once it falls quiet', () => {
  const gc = vi.fn();
  beforeEach(() => {
    vi.useFakeTimers();
    gc.mockClear();
    Reflect.set(globalThis, 'gc', gc);
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'gc');
    vi.useRealTimers();
  });

  async function quietApp() {
    const app = Fastify();
    collectGarbageWhenQuiet(app);
    app.get('/ping', async () => 'pong');
    await app.ready();
    return app;
  }

  it('collects once after requests stop, not while they come, and not again until the next request', async () => {
    const app = await quietApp();
    await vi.advanceTimersByTimeAsync(QUIET_MS * 3);
    expect(gc).not.toHaveBeenCalled();

    for (let i = 0; i < 4; i += 1) {
      await app.inject({ method: 'GET', url: '/ping' });
      await vi.advanceTimersByTimeAsync(QUIET_MS / 2);
    }
    expect(gc).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(QUIET_MS * 2);
    expect(gc).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(QUIET_MS * 4);
    expect(gc).toHaveBeenCalledTimes(1);

    await app.inject({ method: 'GET', url: '/ping' });
    await vi.advanceTimersByTimeAsync(QUIET_MS * 2);
    expect(gc).toHaveBeenCalledTimes(2);
    await app.close();
  });

  it('stops looking when the app closes', async () => {
    const app = await quietApp();
    await app.inject({ method: 'GET', url: '/ping' });
    await app.close();
    await vi.advanceTimersByTimeAsync(QUIET_MS * 3);
    expect(gc).not.toHaveBeenCalled();
  });
});
