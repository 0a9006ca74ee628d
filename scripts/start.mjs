// `npm start`: builds the front end when it is missing or older than its sources, then runs the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'dist/web/index.html');

function newestMtime(entry) {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

const sources = ['src/web', 'src/contract', 'src/domain', 'machines', 'public', 'index.html', 'vite.config.ts'].map((p) =>
  path.join(root, p),
);
const stale =
  !existsSync(builtIndex) ||
  sources.some((source) => existsSync(source) && newestMtime(source) > statSync(builtIndex).mtimeMs);

if (stale) {
  console.log('building the front end…');
  const build = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
process.exit(server.status ?? 0);
