/**
 * Start-up only: builds the server as the bench does, spawns it on a kept database and prints spawn → first 200 from
 * /readyz, a few times. `npx tsx tests/bench/startup-time.ts --dir DIR [--postgres URL] [--runs N] [--port P]
 * [--cpu-prof DIR]`: quicker than a whole bench run when working on start-up.
 */
import { parseArgs } from 'node:util';
import { buildBenchServer, loadAverage, serverCpuMs, startServer, stopServer } from './bench-support';

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    postgres: { type: 'string' },
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '3610' },
    'cpu-prof': { type: 'string' },
  },
});
if (!values.dir) throw new Error('--dir DIR: a data directory (PGlite under DIR/db, or Azurite and the JWT secret)');
const env: Record<string, string> = {
  DATA_DIR: values.dir,
  ...(values.postgres ? { DATABASE_URL: values.postgres } : {}),
};
const profile = values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', values['cpu-prof']] : [];
const script = await buildBenchServer();
const times: number[] = [];
for (let run = 0; run < Number(values.runs); run += 1) {
  const server = await startServer(script, env, Number(values.port), profile);
  times.push(server.readyMs);
  console.log(
    `ready in ${(server.readyMs / 1000).toFixed(2)} s, server CPU ${((serverCpuMs(server.child) ?? 0) / 1000).toFixed(2)} s (load ${loadAverage()})`,
  );
  await stopServer(server.child);
}
const sorted = [...times].sort((a, b) => a - b);
console.log(`median ${((sorted[Math.floor(sorted.length / 2)] ?? 0) / 1000).toFixed(2)} s of ${times.length}`);
