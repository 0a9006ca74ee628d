import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Browser, expect, test } from '@playwright/test';

/**
 * How much compressed JavaScript a visitor's first load of /home and /tyres transfers on a cold cache, from
 * the responses' encoded sizes as Chromium received them. Recorded in reports/first-load.json, which
 * `npm run bench -- --uncached` prints against the targets (170 KB and 190 KB).
 */
interface PageLoad {
  readonly encodedBytes: number;
  readonly files: number;
  readonly scripts: { readonly url: string; readonly encodedBytes: number }[];
}

async function firstLoad(browser: Browser, pagePath: string, ready: RegExp): Promise<PageLoad> {
  // A new context is a cold cache: nothing is stored from an earlier page.
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts: Promise<{ url: string; encodedBytes: number }>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push(
      request.sizes().then((sizes) => ({ url: new URL(request.url()).pathname, encodedBytes: sizes.responseBodySize })),
    );
  });
  await page.goto(pagePath);
  await expect(page.getByRole('heading', { level: 1, name: ready })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const loaded = await Promise.all(scripts);
  await context.close();
  return {
    encodedBytes: loaded.reduce((sum, script) => sum + script.encodedBytes, 0),
    files: loaded.length,
    scripts: loaded,
  };
}

test('a visitor’s first load of /home and /tyres is measured in compressed JavaScript', async ({ browser }) => {
  const home = await firstLoad(browser, '/home', /./);
  const tyres = await firstLoad(browser, '/tyres', /tyres/i);
  for (const load of [home, tyres]) {
    expect(load.files).toBeGreaterThan(0);
    // Compressed: every script came over the wire smaller than Vite wrote it (none is under a few hundred bytes).
    expect(load.encodedBytes).toBeGreaterThan(0);
  }
  const [one, five] = os.loadavg();
  const report = {
    measuredAt: new Date().toISOString(),
    load: `${(one ?? 0).toFixed(2)} / ${(five ?? 0).toFixed(2)}`,
    pages: { '/home': home, '/tyres': tyres },
  };
  await mkdir(path.resolve('reports'), { recursive: true });
  await writeFile(path.resolve('reports/first-load.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `first load: /home ${(home.encodedBytes / 1024).toFixed(1)} KB in ${home.files} files, /tyres ${(tyres.encodedBytes / 1024).toFixed(1)} KB in ${tyres.files} files`,
  );
});
