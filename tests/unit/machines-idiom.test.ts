import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * machines/ in XState v5 idiom (DESIGN.md §1, machines/session.ts as the template), as eslint.config.js enforces it
 * for machines/: an invoked actor's output and error reach guards and actions as typed params, never through a cast;
 * a value a state needs is narrowed (present()), never replaced by `?? 0`; context fields are typed (no unknown);
 * every effect is a named action or actor the app supplies with .provide(). The probes show each rule failing.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const PROBE = path.join(ROOT, 'machines', 'idiom-probe.ts');

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

async function problemsIn(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: PROBE });
  return (result?.messages ?? []).map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`);
}

describe('machines/ in XState v5 idiom', () => {
  it('every machine passes the rules', async () => {
    const results = await eslint.lintFiles(['machines/**/*.ts']);
    expect(results.length).toBeGreaterThan(5);
    const problems = results.flatMap((result) =>
      result.messages.map(
        (message) => `${path.relative(ROOT, result.filePath)}:${message.line} ${message.ruleId}: ${message.message}`,
      ),
    );
    expect(problems).toEqual([]);
  }, 60_000);

  it.each([
    [
      'a cast of an actor output',
      'const keep = (event: { output: unknown }) => event.output as { id: number };',
      /`as` casts/,
    ],
    [
      'a cast of a context field',
      'const tokens = (context: { tokens: string | null }) => context.tokens as string;',
      /`as` casts/,
    ],
    ['a non-null assertion', 'const tokens = (context: { tokens: string | null }) => context.tokens!;', /No `!`/],
    ['a ?? 0 stand-in', 'const itemId = (context: { itemId: number | null }) => context.itemId ?? 0;', /`\?\? 0`/],
    ["a ?? '' stand-in", "const name = (method: { name: string } | undefined) => method?.name ?? '';", /`\?\? ''`/],
    [
      'an untyped actor output',
      "import { fromPromise } from 'xstate';\nexport const load = fromPromise<unknown, { id: number }>(async () => null);",
      /Type the actor output/,
    ],
    ['an unknown context field', 'export interface ProbeContext {\n  error: unknown;\n}', /Type every context field/],
    ['an inline console call', "export const log = () => console.warn('failed');", /No console/],
    ['an inline fetch', "export const load = () => fetch('/yhi/api/Cart');", /No fetch/],
    ['local storage', "export const read = () => localStorage.getItem('token');", /No localStorage/],
    ['window access', 'export const reload = () => window.location.reload();', /No window/],
    ['document access', 'export const cookie = () => document.cookie;', /No document/],
    ['a timer of its own', 'export const later = (run: () => void) => setTimeout(run, 500);', /No setTimeout/],
    ['the clock', 'export const now = () => Date.now();', /No Date/],
    ['randomness', 'export const key = () => Math.random();', /Randomness/],
    ['a view import', "import { useState } from 'react';\nexport const hook = useState;", /are pure/],
  ])('rejects %s', async (_name, code, expected) => {
    const problems = await problemsIn(code);
    expect(
      problems.some((problem) => expected.test(problem)),
      problems.join('\n'),
    ).toBe(true);
  });

  it('accepts the idiom: typed params, setup types, as const, present()', async () => {
    const code = [
      "import { assign, fromPromise, setup } from 'xstate';",
      "import { present } from './present';",
      'interface ProbeContext { itemId: number | null; count: number }',
      'const steps = [1, 2] as const;',
      'export const probe = setup({',
      '  types: { context: {} as ProbeContext },',
      '  actors: { save: fromPromise<{ count: number }, { itemId: number }>(async () => ({ count: steps.length })) },',
      '  actions: { keep: assign((_, params: { count: number }) => ({ count: params.count })) },',
      '}).createMachine({',
      '  context: { itemId: 1, count: 0 },',
      "  invoke: { src: 'save', input: ({ context }) => ({ itemId: present(context.itemId, 'The line') }),",
      "    onDone: { actions: { type: 'keep', params: ({ event }) => ({ count: event.output.count }) } } },",
      '});',
    ].join('\n');
    expect(await problemsIn(code)).toEqual([]);
  });
});
