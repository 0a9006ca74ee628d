// The e2e suite drives Debian's Chromium (Playwright cannot download its own browser here).
// Installs it when missing and the user may (root); otherwise stops with a clear message.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `Chromium is missing at ${CHROMIUM}. Install it with: sudo apt-get update && sudo apt-get install -y chromium\n` +
        '(or set CHROMIUM_PATH to another Chromium build), then run the tests again.',
    );
    process.exit(1);
  }
  console.log('installing Debian chromium for the e2e suite (about 30 s)…');
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const run = spawnSync('apt-get', args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (run.status !== 0) {
      console.error('apt-get could not install chromium; install it by hand: apt-get install -y chromium');
      process.exit(1);
    }
  }
}
