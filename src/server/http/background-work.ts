import type { FastifyBaseLogger } from 'fastify';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Work done after the answer has left, one task at a time (mail, mostly), so an answer never waits on it and its
 * timing tells the caller nothing. A failed task is logged; the queue goes on. The app waits for it on close.
 */
export class BackgroundWork {
  private tail: Promise<void> = Promise.resolve();

  constructor(private readonly log: FastifyBaseLogger) {}

  enqueue(name: string, task: () => Promise<void>): void {
    this.tail = this.tail
      .then(() => nextTurn())
      .then(task)
      .catch((error: unknown) => this.log.error({ err: error }, `${name} failed`));
  }

  /** Resolves once every task queued so far, and any they queued, has finished. */
  async idle(): Promise<void> {
    let seen: Promise<void>;
    do {
      seen = this.tail;
      await seen;
    } while (seen !== this.tail);
  }
}
