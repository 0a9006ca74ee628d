// `npm test`: every suite that can run on a fresh machine, in order, and a summary at the end.
// Runs them all even when one fails, so one run shows every failure; exits non-zero if any failed.
import { spawnSync } from 'node:child_process';

const suites = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['unit', ['run', 'test:unit']],
  ['model', ['run', 'test:model']],
  ['api', ['run', 'test:api']],
  ['ui', ['run', 'test:ui']],
  ['e2e', ['run', 'test:e2e']],
];

const only = process.argv.slice(2);
const results = [];
for (const [name, args] of suites) {
  if (only.length > 0 && !only.includes(name)) continue;
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const run = spawnSync('npm', args, { stdio: 'inherit', env: process.env });
  results.push({ name, ok: run.status === 0, seconds: (Date.now() - started) / 1000 });
}

console.log('\n=== summary ===');
for (const { name, ok, seconds } of results) {
  console.log(`${ok ? 'pass' : 'FAIL'}  ${name.padEnd(10)} ${seconds.toFixed(1)} s`);
}
const failed = results.filter((result) => !result.ok).length;
console.log(`suites: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
