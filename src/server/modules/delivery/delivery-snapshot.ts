import { type SnapshotFrom, createActor, fromPromise, waitFor } from 'xstate';
import { type AttemptOutcome, type DeliveryContext, deliveryMachine } from '../../../../machines/delivery';
import type { deliveryStates } from '../../db/schema';

type DeliveryMachine = typeof deliveryMachine;

/** What a delivery's row keeps of its machine between attempts (a webhook delivery, a queued mail). */
export interface StoredDelivery {
  readonly id: number;
  readonly state: (typeof deliveryStates)[number];
  readonly attempts: number;
  readonly nextAttemptAt: Date;
  readonly lastStatus: number | null;
  readonly lastError: string | null;
}

/**
 * A delivery's machine where its row left it. Rows are saved only between attempts; an attempt under way is marked
 * by the row's lease, and one whose instance stopped mid-attempt is simply due again once the lease runs out: whether
 * that attempt arrived is unknown, so it is sent again (at least once).
 */
export function deliveryActor(machine: DeliveryMachine, row: StoredDelivery) {
  const context: DeliveryContext = {
    deliveryId: row.id,
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt.getTime(),
    lastStatus: row.lastStatus,
    lastError: row.lastError,
  };
  const snapshot = machine.resolveState({ value: row.state, context });
  return createActor(machine, { snapshot, input: { deliveryId: row.id } }).start();
}

/** The row's fields for where the machine stands now, between attempts. */
export function storedFields(snapshot: SnapshotFrom<DeliveryMachine>) {
  const { context } = snapshot;
  const state = snapshot.value;
  if (state === 'delivering') throw new Error('a delivery is saved only between attempts');
  return {
    state,
    attempts: context.attempts,
    ...(context.nextAttemptAt === null ? {} : { nextAttemptAt: new Date(context.nextAttemptAt) }),
    lastStatus: context.lastStatus,
    lastError: context.lastError,
    leaseUntil: null,
  };
}

/**
 * One attempt of a claimed delivery through its machine, with `attempt` as the machine's attemptDelivery actor: the
 * row's fields for where the machine ends, and whether it ends delivered. The caller saves them only while its lease
 * still holds.
 */
export async function attemptDelivery(row: StoredDelivery, attempt: () => Promise<AttemptOutcome>) {
  const machine = deliveryMachine.provide({ actors: { attemptDelivery: fromPromise(attempt) } });
  const actor = deliveryActor(machine, row);
  actor.send({ type: 'delivery.due' });
  const settled = await waitFor(actor, (snapshot) => !snapshot.matches('delivering'), { timeout: Infinity });
  actor.stop();
  return { fields: storedFields(settled), delivered: settled.matches('delivered') };
}
