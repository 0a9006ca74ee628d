import { describe, expect, it } from 'vitest';
import { isValidAbn } from '../../src/contract/abn';

describe('the ABN checksum', () => {
  it('accepts ABNs the ATO issues, with or without spaces', () => {
    expect(isValidAbn('51 824 753 556')).toBe(true);
    expect(isValidAbn('53004085616')).toBe(true);
  });

  it('refuses a changed digit, a wrong length and letters', () => {
    expect(isValidAbn('51 824 753 557')).toBe(false);
    expect(isValidAbn('15 824 753 556')).toBe(false);
    expect(isValidAbn('5182475355')).toBe(false);
    expect(isValidAbn('51 824 753 55A')).toBe(false);
  });
});
