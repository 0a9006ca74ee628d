import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPostgres } from '../../src/server/db/client';
import { readEventFeed, recordEvent } from '../../src/server/modules/events/outbox';
import { type PostgresDatabase, createPostgresDatabase } from '../support/postgres-database';

const NOW = new Date('2026-11-22T02:00:00Z');

const placed = (orderNumber: string) => ({
  type: 'order.placed' as const,
  subject: `order:${orderNumber}`,
  occurredAt: NOW,
  data: {
    orderNumber,
    accountCode: 'C1',
    status: 'Placed' as const,
    paymentMethod: 'Payments.TradingAccount' as const,
    stockNumber: null,
    customerOrderNumber: null,
    deliveryNotes: null,
    shippingMethod: 'Delivery',
    pickupInStore: false,
    deliveryAddress: { address1: '1 Trade St', city: 'Melbourne', postcode: '3000', state: 'VIC' },
    lines: [],
    subtotalCents: 0,
    discountCents: 0,
    shippingCents: 0,
    taxCents: 0,
    totalCents: 0,
  },
});

/**
 * An event's id is taken before its transaction commits, so a transaction that began first can commit a lower id
 * after a higher one is readable. The feed holds back what a running transaction could still precede, so a reader
 * moving its cursor past the higher id never skips the lower. Two connections to one PostgreSQL database.
 */
describe('the event feed while an earlier transaction is still running', () => {
  let server: PostgresDatabase;
  let first: DatabaseHandle;
  let second: DatabaseHandle;

  beforeAll(async () => {
    server = await createPostgresDatabase({ migrated: true });
    first = openPostgres(server.url);
    second = openPostgres(server.url);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await server?.dispose();
  });

  it('answers a later-numbered event only once the earlier transaction has committed, and then both in id order', async () => {
    let commit = () => undefined as void;
    const held = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let written = () => undefined as void;
    const hasWritten = new Promise<void>((resolve) => {
      written = resolve;
    });
    const slow = first.db.transaction(async (tx) => {
      await recordEvent(tx, placed('1'));
      written();
      await held;
    });
    await hasWritten;
    await recordEvent(second.db, placed('2'));

    expect((await readEventFeed(second.db, undefined, 100, {})).events).toEqual([]);

    commit();
    await slow;
    const { events, next } = await readEventFeed(second.db, undefined, 100, {});
    expect(events.map((event) => (event.type === 'order.placed' ? event.data.orderNumber : event.type))).toEqual([
      '1',
      '2',
    ]);
    expect(Number(events[0]?.id)).toBeLessThan(Number(events[1]?.id));
    expect(next).toMatch(new RegExp(`-${events[1]?.id}$`));
  });

  it('is not held back by a transaction still running on another database of the same server', async () => {
    const elsewhere = await createPostgresDatabase({ migrated: false });
    try {
      await elsewhere.admin(async (client) => {
        await client.query('begin');
        // Taking a transaction id makes it a running transaction in every snapshot on the server.
        await client.query('select pg_current_xact_id()');
        await recordEvent(second.db, placed('3'));
        const { events } = await readEventFeed(second.db, undefined, 100, {});
        expect(events.map((event) => event.type === 'order.placed' && event.data.orderNumber)).toContain('3');
        await client.query('rollback');
      });
    } finally {
      await elsewhere.dispose();
    }
  });
});
