import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * machines/ in XState v5 idiom (DESIGN.md §1, machines/session.ts as the template): an invoked actor's output and
 * error reach guards and actions as typed params (`params: ({ event }) => ({ … event.output })`), never through a
 * cast of the event; every effect is a named action the app supplies with .provide(), so no console call or other
 * side effect is written inline.
 */
const MACHINES = path.resolve(import.meta.dirname, '../../machines');
const files = readdirSync(MACHINES).filter((name) => name.endsWith('.ts'));

const forbidden: readonly { readonly pattern: RegExp; readonly why: string }[] = [
  { pattern: /\.output\s+as\b/, why: 'a cast of an actor output' },
  { pattern: /\(\s*event\s+as\b/, why: 'a cast of the event' },
  { pattern: /\bas\s+unknown\s+as\b/, why: 'a double cast' },
  { pattern: /\bconsole\./, why: 'an inline console call (make it a named action the app supplies)' },
  { pattern: /\b(?:window|document|localStorage|sessionStorage|fetch)\b[.(]/, why: 'an inline browser side effect' },
];

describe('machines/ in XState v5 idiom', () => {
  it('finds the machines', () => {
    expect(files.length).toBeGreaterThan(5);
  });

  for (const file of files) {
    it(`${file}: no cast of actor outputs or events, no inline side effects`, () => {
      const offending = readFileSync(path.join(MACHINES, file), 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          forbidden.filter((rule) => rule.pattern.test(line)).map((rule) => `${file}:${index + 1} ${rule.why}: ${line.trim()}`),
        );
      expect(offending).toEqual([]);
    });
  }
});
