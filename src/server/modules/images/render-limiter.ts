/**
 * At most `limit` renders at once; the rest wait their turn, so resizing pictures never takes every core from the
 * requests that answer searches. Counts what it did, for tests and logs.
 */
export class RenderLimiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** The most renders that ever ran at once, and how many ran in all. */
  peakConcurrent = 0;
  rendered = 0;

  constructor(readonly limit: number) {}

  async run<T>(render: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running += 1;
    this.peakConcurrent = Math.max(this.peakConcurrent, this.running);
    try {
      return await render();
    } finally {
      this.running -= 1;
      this.rendered += 1;
      this.waiting.shift()?.();
    }
  }
}
