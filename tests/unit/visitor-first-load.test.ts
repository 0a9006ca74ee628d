import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

const outDir = mkdtempSync(path.join(tmpdir(), 'visitor-first-load-'));

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const manifestSchema = z.record(z.string(), z.object({ file: z.string(), imports: z.array(z.string()).optional() }));

/** What a visitor's page fetches before anything is used: the chunks and every chunk they import statically. */
function staticallyLoaded(manifest: z.infer<typeof manifestSchema>, roots: readonly string[]): Set<string> {
  const files = new Set<string>();
  const pending = [...roots];
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`no chunk ${key} in the build's manifest`);
    if (files.has(chunk.file)) continue;
    files.add(chunk.file);
    pending.push(...(chunk.imports ?? []));
  }
  return files;
}

/** Code only a signed-in user or a first click needs (first load), each known by a string its chunk keeps. */
const notForAFirstLoad = {
  'the account menu': 'Account menu for',
  'radix dropdown menus': 'DropdownMenuContent',
  'radix dialogs (cart flyout, burger menu sheet, email tray)': 'DialogOverlay',
  'the stock breakdown popover': 'PopoverContent',
  'the cart flyout’s accessories wizard': 'accessoriesWizard',
  'the trade email tray': 'Email quote',
};

describe('a visitor’s first load', () => {
  it('of /home and /tyres fetches no signed-in header, cart flyout, menu, dialog or popover code', async () => {
    // A separate process: vitest's NODE_ENV=test would make an in-process build a development one.
    await promisify(execFile)(
      process.execPath,
      [
        path.resolve('node_modules/vite/bin/vite.js'),
        'build',
        '--outDir',
        outDir,
        '--emptyOutDir',
        '--manifest',
        '--logLevel',
        'error',
      ],
      { env: { ...process.env, NODE_ENV: 'production' } },
    );
    const manifest = manifestSchema.parse(JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')));
    const route = (file: string) => `src/web/routes/${file}?tsr-split=component`;
    const pages = {
      '/home': staticallyLoaded(manifest, ['index.html', route('home.tsx')]),
      '/tyres': staticallyLoaded(manifest, ['index.html', route('tyres.tsx'), route('tyres.index.tsx')]),
    };
    const read = (file: string) => readFileSync(path.join(outDir, file), 'utf8');
    const everything = readdirSync(path.join(outDir, 'assets'))
      .filter((file) => file.endsWith('.js'))
      .map((file) => read(path.join('assets', file)))
      .join('\n');

    for (const [part, marker] of Object.entries(notForAFirstLoad)) {
      // The marker still names that code somewhere in the build, so its absence below means something.
      expect(everything, part).toContain(marker);
      for (const [page, files] of Object.entries(pages)) {
        const carriers = [...files].filter((file) => read(file).includes(marker));
        expect(carriers, `${part} on a visitor's ${page}`).toEqual([]);
      }
    }
  }, 120_000);
});
