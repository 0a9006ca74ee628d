import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const outDir = mkdtempSync(path.join(tmpdir(), 'production-bundle-'));

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('the production bundle', () => {
  it('contains no Stately inspector or /dev/machines code, yet names the session actor', async () => {
    // A separate process: vitest's NODE_ENV=test would make an in-process build a development one.
    await promisify(execFile)(
      process.execPath,
      [
        path.resolve('node_modules/vite/bin/vite.js'),
        'build',
        '--outDir',
        outDir,
        '--emptyOutDir',
        '--logLevel',
        'error',
      ],
      { env: { ...process.env, NODE_ENV: 'production' } },
    );
    const scripts = readdirSync(path.join(outDir, 'assets'))
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(path.join(outDir, 'assets', file), 'utf8'));
    expect(scripts.length).toBeGreaterThan(0);
    const bundle = scripts.join('\n');
    const devOnly = [
      'createBrowserInspector',
      'stately.ai/inspect',
      'xstateinspector',
      '@statelyai.connected',
      '[inspect]',
      'No actor of this machine is running',
      'data-state=',
    ];
    for (const marker of devOnly) expect(bundle, marker).not.toContain(marker);
    expect(bundle).toMatch(/systemId:\s*\w+/);
  }, 120_000);
});
