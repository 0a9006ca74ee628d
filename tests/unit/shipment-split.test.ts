import { describe, expect, it } from 'vitest';
import { expectedWords, shipmentSplit, splitOverLines } from '../../src/domain/shipment-split';

const dated = { text: 'on order, expected 10 Dec', date: '2026-12-10' };
const undated = { text: 'on order', date: null };

describe('shipmentSplit: what ships now, what is back-ordered, what cannot be ordered', () => {
  it('ships a quantity the warehouses hold in full, with nothing back-ordered', () => {
    expect(shipmentSplit(4, 6, { text: 'tomorrow', date: '2026-11-28' })).toEqual({
      shipsNow: 4,
      backOrder: 0,
      expectedDate: null,
    });
  });

  it('back-orders the rest when the promise for the whole quantity has a date', () => {
    expect(shipmentSplit(6, 4, dated)).toEqual({ shipsNow: 4, backOrder: 2, expectedDate: '2026-12-10' });
    expect(shipmentSplit(2, 0, dated)).toEqual({ shipsNow: 0, backOrder: 2, expectedDate: '2026-12-10' });
  });

  it('cannot order the rest when the promise has no date', () => {
    expect(shipmentSplit(6, 4, undated)).toBeNull();
    expect(shipmentSplit(6, 4, { text: 'only 4 available', date: null })).toBeNull();
  });

  it('shares a product’s split over its lines in order, the last units waiting', () => {
    expect(splitOverLines([4, 4], { shipsNow: 5, backOrder: 3, expectedDate: '2026-12-10' })).toEqual([
      { shipsNow: 4, backOrder: 0, expectedDate: null },
      { shipsNow: 1, backOrder: 3, expectedDate: '2026-12-10' },
    ]);
  });

  it('says the expected date in the delivery promise’s words', () => {
    expect(expectedWords('2026-12-10')).toBe('expected 10 Dec');
  });
});
