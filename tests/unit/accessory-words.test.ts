import { describe, expect, it } from 'vitest';
import { accessoryDescription } from '../../src/server/modules/cart/accessory-words';

const nuts = { unit: ['nut', 'nuts'] as const, purpose: '4 wheels of 5 studs', needed: 20 };

describe('accessory options in words', () => {
  it('tells apart options that share a name by pack size, finish, thread and seat', () => {
    const chrome = accessoryDescription(
      { thread: 'M12x1.5', seat: 'Conical', finish: 'Chrome', packOf: '20' },
      { ...nuts, quantity: 1, perPack: 20 },
    );
    const black = accessoryDescription(
      { thread: 'M12x1.5', seat: 'Conical', finish: 'Black', packOf: '20' },
      { ...nuts, quantity: 1, perPack: 20 },
    );
    const loose = accessoryDescription(
      { thread: 'M12x1.5', seat: 'Conical', finish: 'Chrome' },
      { ...nuts, quantity: 20, perPack: 1 },
    );
    const flat = accessoryDescription(
      { thread: 'M14x1.5', seat: 'Flat', finish: 'Chrome' },
      { ...nuts, quantity: 20, perPack: 1 },
    );
    expect(chrome).toBe('Pack of 20, chrome, M12x1.5 thread, conical seat: 1 pack, 20 nuts for 4 wheels of 5 studs');
    expect(black).toBe('Pack of 20, black, M12x1.5 thread, conical seat: 1 pack, 20 nuts for 4 wheels of 5 studs');
    expect(loose).toBe('Sold singly, chrome, M12x1.5 thread, conical seat: 20 nuts for 4 wheels of 5 studs');
    expect(flat).toBe('Sold singly, chrome, M14x1.5 thread, flat seat: 20 nuts for 4 wheels of 5 studs');
  });

  it('says how many packs and pieces the quantity is, and how many are spare', () => {
    const twoPacks = accessoryDescription(
      { thread: 'M12x1.5', packOf: '20' },
      { unit: ['nut', 'nuts'], purpose: '4 wheels of 6 studs', needed: 24, quantity: 2, perPack: 20 },
    );
    expect(twoPacks).toBe('Pack of 20, M12x1.5 thread: 2 packs, 40 nuts for 4 wheels of 6 studs (16 spare)');
    expect(
      accessoryDescription(
        { length: '28mm', seat: 'Ball' },
        { unit: ['bolt', 'bolts'], purpose: '1 wheel of 5 studs', needed: 5, quantity: 5, perPack: 1 },
      ),
    ).toBe('Sold singly, ball seat, 28mm shank: 5 bolts for 1 wheel of 5 studs');
    expect(
      accessoryDescription(
        { outerBore: '73.1', innerBore: '60.1' },
        { unit: ['hub ring', 'hub rings'], purpose: '1 wheel', needed: 1, quantity: 1, perPack: 1 },
      ),
    ).toBe('Sold singly, 73.1 mm wheel bore to 60.1 mm hub: 1 hub ring for 1 wheel');
  });
});
