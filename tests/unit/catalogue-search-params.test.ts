import { describe, expect, it } from 'vitest';
import { tyreSearchParamsSchema } from '../../src/web/components/catalogue/tyre-search-params';
import { wheelSearchParamsSchema } from '../../src/web/components/catalogue/wheel-search-params';

// The router hands validateSearch what JSON.parse made of each value: digits arrive as numbers.
describe('catalogue URL search values made of digits', () => {
  it('keeps a vehicle model named by digits on the tyre and wheel pages', () => {
    expect(tyreSearchParamsSchema.parse({ by: 'vehicle', make: 12, model: 86 }).model).toBe('86');
    expect(wheelSearchParamsSchema.parse({ by: 'vehicle', make: 12, model: 3 }).model).toBe('3');
  });

  it('keeps free text and list entries typed as digits', () => {
    const wheels = wheelSearchParamsSchema.parse({ q: 1780, designs: [500, 'Rally'] });
    expect(wheels.q).toBe('1780');
    expect(wheels.designs).toEqual(['500', 'Rally']);
    expect(tyreSearchParamsSchema.parse({ size: 2656517 }).size).toBe('2656517');
  });

  it('still drops what cannot be read', () => {
    const wheels = wheelSearchParamsSchema.parse({ q: '', designs: [{}], sizes: ['x'], model: true });
    expect(wheels).toEqual({ q: undefined, designs: undefined, sizes: undefined, model: undefined });
  });
});
