import { describe, expect, it } from 'vitest';
import { readStoredChoice, reportStoredValuesTo } from '../../src/server/db/stored-choice';

describe('readStoredChoice', () => {
  const modes = new Set(['Trade', 'RRP', 'Hide']);

  it('reads a value outside the choices as the fallback and reports it once per column and value', () => {
    const reports: object[] = [];
    reportStoredValuesTo({ warn: (object) => reports.push(object) });
    expect(readStoredChoice('test_mode', modes, 'RRP', 'Trade')).toBe('RRP');
    expect(readStoredChoice('test_mode', modes, 'constructor', 'Trade')).toBe('Trade');
    expect(readStoredChoice('test_mode', modes, 'constructor', 'Trade')).toBe('Trade');
    expect(readStoredChoice('test_mode', modes, '__proto__', 'Trade')).toBe('Trade');
    expect(readStoredChoice('other_mode', modes, 'constructor', null)).toBeNull();
    expect(reports).toEqual([
      { column: 'test_mode', value: 'constructor', fallback: 'Trade' },
      { column: 'test_mode', value: '__proto__', fallback: 'Trade' },
      { column: 'other_mode', value: 'constructor', fallback: null },
    ]);
  });
});
