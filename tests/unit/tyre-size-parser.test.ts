import { describe, expect, it } from 'vitest';
import { formatTyreSize, isSpeedRating, parseTyreSize } from '../../src/domain/tyre-size';

const full = { prefix: null, width: 265, profile: 65, diameter: 17, loadRating: null, speedRating: null };

describe('parseTyreSize', () => {
  it.each([
    '2656517',
    '265/65R17',
    '265 65 17',
    '265/65/17',
    '265-65-17',
    '26565R17',
    '265/65 R17',
    ' 265/65r17 ',
    '265/65ZR17',
  ])('reads %s as 265/65R17', (input) => {
    expect(parseTyreSize(input)).toEqual(full);
  });

  it('reads the load index and speed rating after the size', () => {
    expect(parseTyreSize('265/65R17 112H')).toEqual({ ...full, loadRating: '112', speedRating: 'H' });
    expect(parseTyreSize('265/65R17112H')).toEqual({ ...full, loadRating: '112', speedRating: 'H' });
  });

  it('keeps the light-truck prefix and dual load ratings', () => {
    expect(parseTyreSize('LT265/75R16')).toEqual({ ...full, prefix: 'LT', profile: 75, diameter: 16 });
    expect(parseTyreSize('lt265/75r16 123/120q')).toEqual({
      prefix: 'LT',
      width: 265,
      profile: 75,
      diameter: 16,
      loadRating: '123/120',
      speedRating: 'Q',
    });
    expect(parseTyreSize('P215/60R16')?.prefix).toBe('P');
  });

  it('reads the start of a size so the search can narrow as the user types', () => {
    expect(parseTyreSize('265')).toEqual({ ...full, profile: null, diameter: null });
    expect(parseTyreSize('265/65')).toEqual({ ...full, diameter: null });
    expect(parseTyreSize('26565')).toEqual({ ...full, diameter: null });
  });

  it.each(['', 'michelin', '999/65R17', '265/67R17', '265/65R99', '2656', '31x10.50R15', '265/65R17 112X'])(
    'refuses %j',
    (input) => {
      expect(parseTyreSize(input)).toBeNull();
    },
  );

  it('takes widths 125 to 395 mm in steps of 5, profiles 25 to 90 in steps of 5 and rims 10 to 26 inches', () => {
    expect(parseTyreSize('125/25R10')).toMatchObject({ width: 125, profile: 25, diameter: 10 });
    expect(parseTyreSize('395/90R26')).toMatchObject({ width: 395, profile: 90, diameter: 26 });
    for (const outside of [
      '120/65R17',
      '400/65R17',
      '263/65R17',
      '265/20R17',
      '265/95R17',
      '265/62R17',
      '265/65R9',
      '265/65R27',
    ])
      expect(parseTyreSize(outside), outside).toBeNull();
  });

  it('reads every speed rating a tyre can carry, (Y) included, and no other letter', () => {
    for (const rating of ['J', 'K', 'L', 'M', 'N', 'P', 'Q', 'R', 'S', 'T', 'U', 'H', 'V', 'W', 'Y', '(Y)', 'Z']) {
      expect(isSpeedRating(rating), rating).toBe(true);
      expect(parseTyreSize(`265/65R17 112${rating}`)?.speedRating, rating).toBe(rating);
    }
    for (const letter of ['A', 'B', 'X', 'O', 'y', '']) expect(isSpeedRating(letter), letter).toBe(false);
  });

  it('reads the marks a sidewall adds after the size (XL, LT, C, RF, RFT) as the size alone', () => {
    for (const mark of ['XL', 'LT', 'C', 'RF', 'RFT'])
      expect(parseTyreSize(`265/65R17 112H ${mark}`), mark).toEqual({ ...full, loadRating: '112', speedRating: 'H' });
  });

  it('formats what it reads back to the canonical spelling', () => {
    expect(formatTyreSize(parseTyreSize('2656517')!)).toBe('265/65R17');
    expect(formatTyreSize(parseTyreSize('LT265/75R16 123Q')!)).toBe('LT265/75R16 123Q');
  });
});

describe('formatTyreSize', () => {
  it('spells the width alone, and a size with only one of its two ratings without them', () => {
    expect(formatTyreSize({ width: 265, profile: null, diameter: null })).toBe('265');
    expect(formatTyreSize({ width: 265, profile: 65, diameter: 17, loadRating: '112', speedRating: null })).toBe(
      '265/65R17',
    );
    expect(formatTyreSize({ width: 265, profile: 65, diameter: 17, loadRating: null, speedRating: 'H' })).toBe(
      '265/65R17',
    );
  });

  it('spells as much of a size as is known', () => {
    expect(formatTyreSize({ width: 265, profile: 65, diameter: null })).toBe('265/65');
    expect(formatTyreSize({ width: null, profile: null, diameter: null })).toBe('');
  });
});
