/**
 * `npm run bench -- --lighthouse`: Lighthouse's mobile run (its default config: a throttled mid-range phone on slow 4G)
 * against the built shop, on /home and /tyres as a visitor with a cold cache. Builds the web app and the server as
 * `npm run build` does, seeds a small catalogue into a fresh embedded database, starts the server as `npm start` runs
 * it, and prints the four category scores of each page. Target: performance at least 95 on both. The full reports go
 * to reports/lighthouse/ (not kept; the figures and their context are in docs/decisions/).
 */
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildBenchServer, pgliteDatabase, root, startServer, stopServer } from './bench-support';

const PAGES = ['/home', '/tyres'] as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const PERFORMANCE_TARGET = 95;
/** Enough catalogue for /tyres to list a full page; the first load does not depend on its size. */
const SCALE = 2_000;

export async function runLighthouseBench(port: number): Promise<boolean> {
  console.log('building the web app and the server as npm run build makes them');
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  const script = await buildBenchServer();
  const database = await pgliteDatabase(SCALE, undefined);
  let met = true;
  try {
    const { child } = await startServer(script, database.env, port);
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-sync'],
    });
    try {
      for (const page of PAGES) {
        // Each run opens the page in a fresh tab with storage cleared, so it is a visitor's cold first load.
        const result = await lighthouse(`http://127.0.0.1:${port}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
        const { lhr } = result;
        const reports = path.join(root, 'reports/lighthouse');
        await mkdir(reports, { recursive: true });
        await writeFile(path.join(reports, `${page.slice(1)}.json`), JSON.stringify(lhr, null, 2));
        const scores = CATEGORIES.map((id) => Math.round((lhr.categories[id]?.score ?? 0) * 100));
        const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'speed-index']
          .map((id) => `${id.replace(/-/g, ' ')} ${lhr.audits[id]?.displayValue ?? '?'}`)
          .join(', ');
        console.log(
          `${page.padEnd(7)} performance ${scores[0]}  accessibility ${scores[1]}  best practices ${scores[2]}  SEO ${scores[3]}`,
        );
        console.log(`        ${metrics}`);
        const failing = Object.values(lhr.audits)
          .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
          .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
        if (failing.length > 0) console.log(`        below 90: ${failing.join(', ')}`);
        if ((scores[0] ?? 0) < PERFORMANCE_TARGET) met = false;
      }
    } finally {
      await chrome.kill();
      await stopServer(child);
    }
  } finally {
    await database.dispose();
  }
  console.log(met ? `performance ≥ ${PERFORMANCE_TARGET} on both pages` : `performance under ${PERFORMANCE_TARGET}`);
  return met;
}
