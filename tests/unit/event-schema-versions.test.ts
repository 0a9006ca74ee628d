import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answeredSchemaVersion, eventBodies, eventBodyAt, eventTypes } from '../../src/contract/events';

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  [key: string]: unknown;
};

/** Where `newer` does not read as `older` with fields added; empty when it does. */
function breaks(older: JsonSchema, newer: JsonSchema, path: string): string[] {
  if (older.type === 'object' && newer.type === 'object') {
    const missing = (older.required ?? []).filter((name) => !(newer.required ?? []).includes(name));
    return [
      ...missing.map((name) => `${path}.${name} is no longer required`),
      ...Object.entries(older.properties ?? {}).flatMap(([name, schema]) => {
        const next = newer.properties?.[name];
        return next ? breaks(schema, next, `${path}.${name}`) : [`${path}.${name} was dropped`];
      }),
    ];
  }
  if (older.type === 'array' && newer.type === 'array' && older.items && newer.items)
    return breaks(older.items, newer.items, `${path}[]`);
  return JSON.stringify(older) === JSON.stringify(newer) ? [] : [`${path} changed`];
}

describe("events' schema versions (docs/integration.md, Schema versions)", () => {
  it('lets each version only add fields to the one before, so an older version reads a newer body', () => {
    for (const type of eventTypes) {
      const versions = eventBodies[type].map((schema) => z.toJSONSchema(schema) as JsonSchema);
      versions.slice(1).forEach((newer, index) => {
        expect(breaks(versions[index] as JsonSchema, newer, `${type} v${index + 2}`)).toEqual([]);
      });
    }
  });

  it('has order.placed at versions 1 and 2, every other type at 1', () => {
    expect(eventBodies['order.placed']).toHaveLength(2);
    for (const type of eventTypes.filter((name) => name !== 'order.placed')) expect(eventBodies[type]).toHaveLength(1);
  });

  it("answers version 1 to a reader that chose nothing, the chosen one otherwise, never past the event's own", () => {
    expect(answeredSchemaVersion('order.placed', 2, {})).toBe(1);
    expect(answeredSchemaVersion('order.placed', 2, { 'order.placed': 2 })).toBe(2);
    expect(answeredSchemaVersion('order.placed', 1, { 'order.placed': 2 })).toBe(1);
    expect(answeredSchemaVersion('order.paid', 1, { 'order.placed': 2 })).toBe(1);
  });

  it('gives a version 2 order.placed to a version 1 reader without the back-order fields', () => {
    const line = { sku: 'T4', name: 'Tyre', quantity: 6, unitPriceCents: 100, discountCents: 0, lineTotalCents: 600 };
    const body = {
      orderNumber: '1',
      accountCode: 'C10001',
      status: 'Placed',
      paymentMethod: 'Payments.TradingAccount',
      stockNumber: null,
      customerOrderNumber: null,
      deliveryNotes: null,
      shippingMethod: 'Standard',
      pickupInStore: false,
      deliveryAddress: { address1: '1 Trade St', city: 'Sydney', postcode: '2000', state: 'NSW' },
      lines: [{ ...line, backOrderQuantity: 2, backOrderExpectedDate: '2026-12-10' }],
      subtotalCents: 600,
      discountCents: 0,
      shippingCents: 0,
      taxCents: 60,
      totalCents: 660,
    };
    expect(eventBodyAt('order.placed', 1, body)).toEqual({ ...body, lines: [line] });
    expect(eventBodyAt('order.placed', 2, body)).toEqual(body);
  });
});
