import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Code, tests and docs say what a behaviour is and why, never which issue or session asked for it: those numbers mean
 * nothing to a reader of the repository.
 */
describe('the repository', () => {
  it('cites no issue or session numbers', () => {
    let found = '';
    try {
      found = execFileSync(
        'git',
        [
          'grep',
          '-n',
          '-i',
          '-E',
          '\\b(session|issue)s? [0-9]+',
          '--',
          'src',
          'machines',
          'docs',
          'tests',
          'scripts',
          'README.md',
        ],
        { cwd: ROOT, encoding: 'utf8' },
      );
    } catch (error) {
      // git grep exits 1 when nothing matches.
      if ((error as { status?: number }).status !== 1) throw error;
    }
    expect(found).toBe('');
  });
});
