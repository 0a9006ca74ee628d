// `npm start`: builds what is missing or older than its sources (the front end, the server), then runs the built
// server with plain node. Signals are passed on to the server, and this process exits with the server's code, so a
// process manager or a container stop reaches the server itself.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { SERVER_NODE_ARGS, SERVER_NODE_ENV } from './server-node.mjs';

const root = path.resolve(import.meta.dirname, '..');

function newestMtime(entry) {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

function isStale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.map((p) => path.join(root, p)).some((source) => existsSync(source) && newestMtime(source) > built);
}

function run(label, command, args) {
  console.log(`building ${label}…`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const shared = ['src/contract', 'src/domain', 'package-lock.json'];
if (
  isStale(path.join(root, 'dist/web/index.html'), [
    ...shared,
    'src/web',
    'machines',
    'public',
    'index.html',
    'vite.config.ts',
  ])
) {
  run('the front end', 'npx', ['vite', 'build']);
}
if (isStale(path.join(root, 'dist/server/main.js'), [...shared, 'src/server', 'scripts/build-server.mjs'])) {
  run('the server', process.execPath, ['scripts/build-server.mjs']);
}

const server = spawn(process.execPath, [...SERVER_NODE_ARGS, 'dist/server/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...SERVER_NODE_ENV, ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => server.kill(signal));
}
// `npm start` runs this through `exec` so npm's signals reach it; should whatever started it die anyway (kill -9 of
// npm, a shell that does not pass signals on), this process is re-parented and stops the server as if told to.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) server.kill('SIGTERM');
}, 500).unref();
server.on('exit', (code, signal) => {
  // A server ended by a signal it did not handle: end the same way, so the caller sees what happened.
  if (signal) {
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
});
