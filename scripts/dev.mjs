// `npm run dev`: the API with reload (tsx watch) on DEV_API_PORT and Vite with hot reload on PORT,
// proxying /yhi/api to the API. Ctrl-C stops both.
import { spawn } from 'node:child_process';

const apiPort = process.env.DEV_API_PORT ?? '3001';
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, WEB_DIST_DIR: './dist/no-web-in-dev' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, DEV_API_PORT: apiPort } }),
];

function stop() {
  for (const child of children) child.kill('SIGTERM');
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    if (code !== 0 && code !== null) stop();
  });
