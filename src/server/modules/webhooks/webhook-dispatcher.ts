import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { outboxEvents, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { publishedEvent } from '../events/outbox';
import { attemptDelivery, type storedFields } from '../delivery/delivery-snapshot';
import { signatureOf } from './webhook-signature';
import { type PostRules, postWebhook } from './webhook-post';

export interface DispatcherDeps {
  readonly db: Database;
  /** The shop's clock: when deliveries are due and what their backoff counts from. */
  readonly now: () => Date;
  readonly rules: PostRules;
}

/** Events fanned out to deliveries in one transaction. */
const FAN_OUT_BATCH = 500;
/** Deliveries one instance takes at a time, each to its own subject, sent side by side. */
const CLAIM_BATCH = 50;
/** Events are kept at least the 30 days the feed promises; older ones go, with their deliveries. */
const EVENT_KEEP_DAYS = 35;

/**
 * Turns events not yet fanned out into deliveries, one per active endpoint that takes the event's type, and marks
 * them fanned out, in one transaction. Each event is taken once whenever it commits: an id is taken before its
 * transaction commits, so events do not become visible in id order, and a cursor over ids could pass one by. Rows
 * another instance is fanning out are skipped.
 */
export async function fanOutEvents(db: Database, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const events = await tx
      .select({ id: outboxEvents.id, type: outboxEvents.type, subject: outboxEvents.subject })
      .from(outboxEvents)
      .where(eq(outboxEvents.fannedOut, false))
      .orderBy(asc(outboxEvents.id))
      .limit(FAN_OUT_BATCH)
      .for('update', { skipLocked: true });
    if (events.length === 0) return 0;
    const endpoints = await tx
      .select({ id: webhookEndpoints.id, eventTypes: webhookEndpoints.eventTypes })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.active, true));
    const deliveries = events.flatMap((event) =>
      endpoints
        .filter((endpoint) => endpoint.eventTypes.includes(event.type))
        .map((endpoint) => ({
          endpointId: endpoint.id,
          eventId: event.id,
          subject: event.subject,
          nextAttemptAt: now,
        })),
    );
    if (deliveries.length > 0) await tx.insert(webhookDeliveries).values(deliveries).onConflictDoNothing();
    await tx
      .update(outboxEvents)
      .set({ fannedOut: true })
      .where(
        inArray(
          outboxEvents.id,
          events.map((event) => event.id),
        ),
      );
    return events.length;
  });
}

/**
 * Takes due deliveries by leasing them: pending or retrying, due by now, not leased by an instance still on it, to an
 * active endpoint, and the earliest of their subject at that endpoint not yet delivered or dead, with no earlier
 * event of their subject still waiting to be fanned out (another instance may hold it), so one order's events arrive
 * in their order. Rows another instance is taking are skipped, never waited for or taken twice.
 */
async function claimDue(db: Database, now: Date, leaseMs: number) {
  const at = now.toISOString();
  const leaseUntil = new Date(now.getTime() + leaseMs);
  return db
    .update(webhookDeliveries)
    .set({ leaseUntil })
    .where(
      sql`${webhookDeliveries.id} in (
        select d.id from webhook_deliveries d
        join webhook_endpoints w on w.id = d.endpoint_id and w.active
        where d.state in ('pending', 'retrying')
          and d.next_attempt_at <= ${at}::timestamptz
          and (d.lease_until is null or d.lease_until < ${at}::timestamptz)
          and not exists (
            select 1 from webhook_deliveries e
            where e.endpoint_id = d.endpoint_id and e.subject = d.subject and e.event_id < d.event_id
              and e.state in ('pending', 'retrying'))
          and not exists (
            select 1 from outbox_events o
            where not o.fanned_out and o.subject = d.subject and o.id < d.event_id)
        order by d.id
        limit ${CLAIM_BATCH}
        for update of d skip locked)`,
    )
    .returning();
}

/** The stored fields under the webhook table's names. */
export function webhookFields({ lastStatus, ...fields }: ReturnType<typeof storedFields>) {
  return { ...fields, lastResponseStatus: lastStatus };
}

type ClaimedDelivery = Awaited<ReturnType<typeof claimDue>>[number];

/** Where each claimed delivery goes and what it carries, in one query for the whole claim. */
async function targetsOf(db: Database, claimed: readonly ClaimedDelivery[]) {
  const rows = await db
    .select({
      id: webhookDeliveries.id,
      url: webhookEndpoints.url,
      secret: webhookEndpoints.secret,
      schemaVersions: webhookEndpoints.schemaVersions,
      event: outboxEvents,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(outboxEvents, eq(outboxEvents.id, webhookDeliveries.eventId))
    .where(
      inArray(
        webhookDeliveries.id,
        claimed.map((delivery) => delivery.id),
      ),
    );
  return new Map(rows.map((row) => [row.id, row]));
}

type Target = NonNullable<ReturnType<Awaited<ReturnType<typeof targetsOf>>['get']>>;

/** One attempt of one claimed delivery through its machine: the row's fields for where the machine ends. */
async function attemptOne(deps: DispatcherDeps, delivery: ClaimedDelivery, target: Target) {
  const body = JSON.stringify(publishedEvent(target.event, target.schemaVersions));
  // The same id on every attempt and replay: receivers de-duplicate by it.
  const messageId = `evt_${target.event.id}`;
  const { fields, delivered } = await attemptDelivery(
    { ...delivery, lastStatus: delivery.lastResponseStatus },
    async () => {
      // The signature's time is when the bytes leave, by the wall clock the receiver checks it against.
      const timestamp = Math.floor(Date.now() / 1000);
      const result = await postWebhook(
        {
          url: target.url,
          headers: {
            'content-type': 'application/json',
            'user-agent': 'YHI-Trade-Webhooks/1',
            'webhook-id': messageId,
            'webhook-timestamp': String(timestamp),
            'webhook-signature': signatureOf(target.secret, messageId, timestamp, body),
          },
          body,
        },
        deps.rules,
      );
      const ok = result.status !== null && result.status >= 200 && result.status < 300;
      return {
        at: deps.now().getTime(),
        delivered: ok,
        status: result.status,
        error: result.error ?? (ok ? null : `answered HTTP ${result.status}`),
      };
    },
  );
  const attemptedAt = deps.now();
  return { ...webhookFields(fields), lastAttemptAt: attemptedAt, deliveredAt: delivered ? attemptedAt : null };
}

/**
 * Attempts every claimed delivery side by side, then saves the outcomes together, each only while its lease is still
 * this instance's (one that ran out was taken over, and the other instance's outcome stands).
 */
async function deliverClaimed(deps: DispatcherDeps, claimed: readonly ClaimedDelivery[]): Promise<void> {
  const targets = await targetsOf(deps.db, claimed);
  const outcomes = await Promise.all(
    claimed.flatMap((delivery) => {
      const target = targets.get(delivery.id);
      return target ? [attemptOne(deps, delivery, target).then((fields) => ({ delivery, fields }))] : [];
    }),
  );
  await deps.db.transaction(async (tx) => {
    for (const { delivery, fields } of outcomes) {
      await tx
        .update(webhookDeliveries)
        .set(fields)
        .where(
          and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.leaseUntil, delivery.leaseUntil as Date)),
        );
    }
  });
}

/**
 * One round of delivery: fan out what is new, then deliver what is due until nothing more is, since each delivery
 * may free the next event of its subject. Any number of instances may run rounds at once.
 */
export async function deliverWebhooks(deps: DispatcherDeps): Promise<number> {
  const leaseMs = deps.rules.timeoutMs * 3;
  let sent = 0;
  for (;;) {
    while ((await fanOutEvents(deps.db, deps.now())) === FAN_OUT_BATCH);
    const claimed = await claimDue(deps.db, deps.now(), leaseMs);
    if (claimed.length === 0) return sent;
    await deliverClaimed(deps, claimed);
    sent += claimed.length;
  }
}

/** Drops events older than the feed keeps, once fanned out; their deliveries go with them. */
export async function dropOldEvents(db: Database, now: Date): Promise<void> {
  const before = new Date(now.getTime() - EVENT_KEEP_DAYS * 86_400_000);
  await db.delete(outboxEvents).where(and(lte(outboxEvents.occurredAt, before), eq(outboxEvents.fannedOut, true)));
}
