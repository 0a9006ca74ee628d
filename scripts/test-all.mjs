// `npm test`: every suite that can run on a fresh machine, in order, and a summary at the end.
// Runs them all even when one fails, so one run shows every failure; exits non-zero if any failed.
// The summary repeats each failed test's name and first error line: CI keeps only the end of the output, and a
// failure in an early suite would otherwise scroll out of it.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { stripVTControlCharacters } from 'node:util';

// The runtime the suites run on: the project's own Node (the `node` dependency), whatever the machine's is.
console.log(`node ${process.version}`);

const suites = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['unit', ['run', 'test:unit']],
  ['model', ['run', 'test:model']],
  ['api', ['run', 'test:api']],
  ['ui', ['run', 'test:ui']],
  ['e2e', ['run', 'test:e2e']],
];

// Vitest heads each failure " FAIL  |project| file > test" and an error no test caught "⎯⎯ Unhandled Rejection ⎯⎯"
// (it then names the file it came from); Playwright heads each failure "  1) [chromium] › file:line › test".
const failureHeading = /^\s*(FAIL\s|\d+\) \[|⎯+ Unhandled )/;
const origin = /^This error originated in /;

/** Runs one suite with its output passed through, and resolves to its exit status and the failures it printed. */
function runSuite(args) {
  return new Promise((resolve) => {
    // Read through a pipe, the suites would drop their colours at a terminal.
    const env = process.stdout.isTTY ? { FORCE_COLOR: '1', ...process.env } : process.env;
    const child = spawn('npm', args, { stdio: ['inherit', 'pipe', 'pipe'], env });
    const failures = [];
    let awaitingError = null;
    const scan = (stream, sink) => {
      stream.on('data', (chunk) => sink.write(chunk));
      createInterface({ input: stream }).on('line', (raw) => {
        const line = stripVTControlCharacters(raw).trimEnd();
        if (failureHeading.test(line)) {
          awaitingError = { heading: line.replace(/⎯/g, '').trim(), error: '' };
          failures.push(awaitingError);
        } else if (origin.test(line) && failures.length > 0) {
          failures[failures.length - 1].heading += ` (${line})`;
        } else if (awaitingError !== null && line.trim() !== '') {
          awaitingError.error = line.trim();
          awaitingError = null;
        }
      });
    };
    scan(child.stdout, process.stdout);
    scan(child.stderr, process.stderr);
    child.on('close', (status) => resolve({ ok: status === 0, failures }));
  });
}

const only = process.argv.slice(2);
const results = [];
for (const [name, args] of suites) {
  if (only.length > 0 && !only.includes(name)) continue;
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const { ok, failures } = await runSuite(args);
  results.push({ name, ok, failures, seconds: (Date.now() - started) / 1000 });
}

console.log('\n=== summary ===');
for (const { name, ok, failures, seconds } of results) {
  console.log(`${ok ? 'pass' : 'FAIL'}  ${name.padEnd(10)} ${seconds.toFixed(1)} s`);
  if (ok) continue;
  for (const { heading, error } of failures) console.log(`        ${heading}\n          ${error}`);
}
const failed = results.filter((result) => !result.ok).length;
console.log(`suites: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
