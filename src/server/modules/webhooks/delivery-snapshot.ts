import { type SnapshotFrom, createActor } from 'xstate';
import type { WebhookDeliveryContext, webhookDeliveryMachine } from '../../../../machines/webhook-delivery';
import type { webhookDeliveries } from '../../db/schema';

type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type DeliveryMachine = typeof webhookDeliveryMachine;

/**
 * A delivery's machine where its row left it. Rows are saved only between attempts; an attempt under way is marked
 * by the row's lease, and one whose instance stopped mid-attempt is simply due again once the lease runs out: whether
 * that attempt arrived is unknown, so it is sent again (at least once).
 */
export function deliveryActor(machine: DeliveryMachine, row: DeliveryRow) {
  const context: WebhookDeliveryContext = {
    deliveryId: row.id,
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt.getTime(),
    lastStatus: row.lastResponseStatus,
    lastError: row.lastError,
  };
  const snapshot = machine.resolveState({ value: row.state, context });
  return createActor(machine, { snapshot, input: { deliveryId: row.id } }).start();
}

/** The row's fields for where the machine stands now. */
export function persistedFields(snapshot: SnapshotFrom<DeliveryMachine>) {
  const { context } = snapshot;
  const state = snapshot.value;
  if (state === 'delivering') throw new Error('a delivery is saved only between attempts');
  return {
    state,
    attempts: context.attempts,
    ...(context.nextAttemptAt === null ? {} : { nextAttemptAt: new Date(context.nextAttemptAt) }),
    lastResponseStatus: context.lastStatus,
    lastError: context.lastError,
    leaseUntil: null,
  };
}
