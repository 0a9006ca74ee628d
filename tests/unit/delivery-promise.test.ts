import { describe, expect, it } from 'vitest';
import { type DeliverySource, deliveryClockKey, deliveryPromise } from '../../src/domain/delivery-promise';

const own = (state: string, quantity: number, more: Partial<DeliverySource> = {}): DeliverySource => ({
  kind: 'own',
  state,
  quantity,
  onOrderQuantity: 0,
  onOrderExpectedDate: null,
  dispatchCutoff: '14:00',
  transitDays: 2,
  ...more,
});
const supplier = (quantity: number): DeliverySource => ({
  kind: 'supplier',
  state: null,
  quantity,
  onOrderQuantity: 0,
  onOrderExpectedDate: null,
  dispatchCutoff: '12:00',
  transitDays: 4,
});

// Friday 27 November 2026 in Melbourne (AEDT, UTC+11).
const fridayMorning = new Date('2026-11-26T23:00:00Z'); // 10:00
const fridayAfternoon = new Date('2026-11-27T04:00:00Z'); // 15:00

describe('the delivery promise of a line', () => {
  it('is a pick-up today from the local warehouse before its cut-off', () => {
    expect(deliveryPromise('VIC', 4, [own('VIC', 10)], fridayMorning)).toEqual({
      text: 'today (pick-up)',
      date: '2026-11-27',
    });
  });

  it('moves past the weekend after the cut-off', () => {
    expect(deliveryPromise('VIC', 4, [own('VIC', 10)], fridayAfternoon)).toEqual({
      text: 'Mon 30 Nov',
      date: '2026-11-30',
    });
  });

  it('reads the cut-off on the clock of the warehouse’s state', () => {
    // 15:00 in Melbourne is 12:00 in Perth, before a Perth cut-off of 14:00: dispatched today, two business days on.
    expect(deliveryPromise('VIC', 1, [own('WA', 5)], fridayAfternoon)).toEqual({
      text: 'Tue 1 Dec',
      date: '2026-12-01',
    });
  });

  it('adds the transit days from another state’s warehouse, skipping a public holiday of the customer’s state', () => {
    // Monday 2 November 2026, 09:00 in Sydney; Tuesday 3 November is Melbourne Cup day in Victoria only.
    const monday = new Date('2026-11-01T22:00:00Z');
    expect(deliveryPromise('VIC', 2, [own('NSW', 8)], monday)).toEqual({ text: 'Thu 5 Nov', date: '2026-11-05' });
    expect(deliveryPromise('QLD', 2, [own('NSW', 8)], monday)).toEqual({ text: 'Wed 4 Nov', date: '2026-11-04' });
  });

  it('says tomorrow for a next-day arrival', () => {
    const wednesday = new Date('2026-11-24T23:00:00Z'); // Wednesday 25 November, 10:00 in Melbourne
    expect(deliveryPromise('VIC', 1, [own('NSW', 3, { transitDays: 1 })], wednesday)).toEqual({
      text: 'tomorrow',
      date: '2026-11-26',
    });
  });

  it('fills the quantity from the soonest sources and promises the day the last unit arrives', () => {
    expect(deliveryPromise('VIC', 6, [own('VIC', 4), own('NSW', 1), supplier(10)], fridayMorning)).toEqual({
      text: 'Thu 3 Dec',
      date: '2026-12-03',
    });
  });

  it('promises inbound stock on its expected date', () => {
    const inbound = own('VIC', 0, { onOrderQuantity: 20, onOrderExpectedDate: '2026-12-12' });
    expect(deliveryPromise('VIC', 4, [inbound], fridayMorning)).toEqual({
      text: 'on order, expected 12 Dec',
      date: '2026-12-12',
    });
  });

  it('knows no date for undated inbound stock, and says how many there are when too few', () => {
    const undated = own('VIC', 0, { onOrderQuantity: 20 });
    expect(deliveryPromise('VIC', 4, [undated], fridayMorning)).toEqual({
      text: 'on order, no date yet: cannot be ordered',
      date: null,
    });
    expect(deliveryPromise('VIC', 4, [own('VIC', 2, { onOrderQuantity: 20 })], fridayMorning)).toEqual({
      text: 'on order',
      date: null,
    });
    expect(deliveryPromise('VIC', 4, [own('VIC', 3)], fridayMorning)).toEqual({
      text: 'only 3 available',
      date: null,
    });
    expect(deliveryPromise('VIC', 1, [], fridayMorning)).toEqual({ text: 'not available', date: null });
  });

  it('keys a cached promise by the customer’s date and each warehouse’s dispatch day', () => {
    const warehouses = [own('VIC', 0), own('WA', 0)];
    const at = (iso: string) => deliveryClockKey('VIC', warehouses, new Date(iso));
    expect(at('2026-11-26T23:00:00Z')).toBe(at('2026-11-27T01:00:00Z'));
    // 14:00 in Melbourne passes its cut-off; Perth's is still to come.
    expect(at('2026-11-27T03:00:00Z')).not.toBe(at('2026-11-27T02:59:00Z'));
  });
});
