import { describe, expect, it } from 'vitest';
import { loadIndexOf } from '../../src/domain/load-index';

describe('the load index of a load rating', () => {
  it('is the number of a single rating', () => {
    expect(loadIndexOf('91')).toBe(91);
    expect(loadIndexOf('104')).toBe(104);
  });

  it('is the single-fitment (first) number of a dual rating', () => {
    expect(loadIndexOf('121/118')).toBe(121);
  });

  it('is null for text that is not a load rating', () => {
    expect(loadIndexOf('')).toBeNull();
    expect(loadIndexOf('H')).toBeNull();
    expect(loadIndexOf('121/')).toBeNull();
    expect(loadIndexOf('1121')).toBeNull();
    expect(loadIndexOf('XL112')).toBeNull();
  });

  it('reads a rating with spaces around it', () => {
    expect(loadIndexOf(' 112 ')).toBe(112);
  });
});
