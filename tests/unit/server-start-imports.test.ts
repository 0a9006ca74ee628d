import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Packages a server's start need not load: each is used by a request or a setting few starts have (start-up). */
const NOT_AT_START = ['pdfkit', 'sharp', 'ioredis'];

describe('the server as npm start runs it', () => {
  it('imports the invoice PDF writer, the image resizer and the Redis client only when first used', async () => {
    const result = await build({
      entryPoints: [path.join(root, 'src/server/main.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const imports = Object.values(result.metafile.outputs).flatMap((output) => output.imports);
    const atStart = new Set(
      imports.filter((entry) => entry.external && entry.kind === 'import-statement').map((entry) => entry.path),
    );
    const whenUsed = new Set(
      imports.filter((entry) => entry.external && entry.kind === 'dynamic-import').map((entry) => entry.path),
    );
    expect(atStart.has('fastify')).toBe(true);
    for (const name of NOT_AT_START) {
      expect(atStart.has(name), `${name} is imported at start`).toBe(false);
      expect(whenUsed.has(name), `${name} is not imported when used`).toBe(true);
    }
  }, 60_000);
});
