import { describe, expect, it } from 'vitest';
import {
  type WarehouseStock,
  earliestExpectedDate,
  homeWarehouseState,
  localStockQuantity,
  onOrderLabel,
  ownStockQuantity,
  stockTypeFor,
} from '../../src/domain/stock-availability';

const own = (state: string, quantity: number, onOrder = 0, expected: string | null = null): WarehouseStock => ({
  warehouseName: `${state} warehouse`,
  kind: 'own',
  state,
  quantity,
  onOrderQuantity: onOrder,
  onOrderExpectedDate: expected,
});
const supplier = (quantity: number, onOrder = 0, expected: string | null = null): WarehouseStock => ({
  warehouseName: 'Supplier',
  kind: 'supplier',
  state: null,
  quantity,
  onOrderQuantity: onOrder,
  onOrderExpectedDate: expected,
});

/** DESIGN.md §5 and SPEC.md §3 'Product stock': how available a product is to an account in one state. */
describe('stock availability', () => {
  it('serves ACT from NSW, TAS from VIC and NT from SA, and every other state from its own warehouse', () => {
    expect(homeWarehouseState('ACT')).toBe('NSW');
    expect(homeWarehouseState('TAS')).toBe('VIC');
    expect(homeWarehouseState('NT')).toBe('SA');
    expect(homeWarehouseState('QLD')).toBe('QLD');
    expect(homeWarehouseState('VIC')).toBe('VIC');
  });

  it('is Local when the warehouse serving the state holds stock, including a neighbour serving it', () => {
    expect(stockTypeFor('VIC', [own('NSW', 4), own('VIC', 1)])).toBe('Local');
    expect(stockTypeFor('TAS', [own('VIC', 2)])).toBe('Local');
  });

  it('is Interstate when only another own warehouse holds stock', () => {
    expect(stockTypeFor('QLD', [own('VIC', 3), own('QLD', 0)])).toBe('Interstate');
  });

  it('is OnOrder when no own warehouse holds any but stock is inbound, to any warehouse', () => {
    expect(stockTypeFor('VIC', [own('VIC', 0, 6, '2026-12-12')])).toBe('OnOrder');
    expect(stockTypeFor('VIC', [own('VIC', 0), supplier(0, 2)])).toBe('OnOrder');
  });

  it('is None when nothing is held or inbound, and supplier stock alone is None', () => {
    expect(stockTypeFor('VIC', [])).toBe('None');
    expect(stockTypeFor('VIC', [own('VIC', 0), supplier(40)])).toBe('None');
  });

  it('counts only own warehouses in stockQuantity, and only the serving one in localStockQuantity', () => {
    const stock = [own('VIC', 3), own('NSW', 5), supplier(40)];
    expect(ownStockQuantity(stock)).toBe(8);
    expect(ownStockQuantity([])).toBe(0);
    expect(localStockQuantity('VIC', stock)).toBe(3);
    expect(localStockQuantity('TAS', stock)).toBe(3);
    expect(localStockQuantity('ACT', stock)).toBe(5);
    expect(localStockQuantity('QLD', stock)).toBe(0);
    expect(localStockQuantity('VIC', [supplier(40)])).toBe(0);
  });

  it('takes the earliest dated inbound stock, ignoring dates of nothing inbound and undated inbound stock', () => {
    expect(
      earliestExpectedDate([
        own('VIC', 0, 4, '2026-12-20'),
        own('NSW', 0, 0, '2026-12-01'),
        own('QLD', 0, 2, null),
        supplier(0, 1, '2026-12-12'),
        own('SA', 0, 3, '2026-12-15'),
      ]),
    ).toBe('2026-12-12');
    expect(earliestExpectedDate([own('VIC', 0, 4, null)])).toBeNull();
    expect(earliestExpectedDate([own('VIC', 0, 0, '2026-12-01')])).toBeNull();
    expect(earliestExpectedDate([])).toBeNull();
  });

  it("reads 'On order', with the en-AU day and month when the date is known", () => {
    expect(onOrderLabel('2026-12-12')).toBe('On order, expected 12 Dec');
    expect(onOrderLabel('2027-01-03')).toBe('On order, expected 3 Jan');
    expect(onOrderLabel(null)).toBe('On order');
  });
});
