import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Layers import downward only (docs/architecture.md, "Layers"): web and server never import each other, contract and
 * domain import neither, machines import neither. Each probe is linted as if it were a file in the layer it names.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

async function layerProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'house/import-layers' || message.ruleId === null)
    .map((message) => message.message);
}

describe('import layers', () => {
  it.each([
    [
      'web importing server code',
      'src/web/components/catalogue/layer-probe.ts',
      "import { IMAGE_WIDTHS } from '../../../server/modules/images/image-route';\nexport const widths = IMAGE_WIDTHS;",
    ],
    ['web re-exporting server code', 'src/web/layer-probe.ts', "export { buildApp } from '../server/app';"],
    [
      'web loading server code on demand',
      'src/web/layer-probe.ts',
      "export const load = () => import('../server/config');",
    ],
    ['server importing a view', 'src/server/modules/layer-probe.ts', "import '../../web/router';"],
    ['contract importing server code', 'src/contract/layer-probe.ts', "import '../server/db/schema';"],
    ['contract importing a view', 'src/contract/layer-probe.ts', "import '../web/router';"],
    ['domain importing server code', 'src/domain/layer-probe.ts', "import '../server/config';"],
    ['domain importing a machine', 'src/domain/layer-probe.ts', "import '../../machines/session';"],
    ['a machine importing a view', 'machines/layer-probe.ts', "import '../src/web/router';"],
  ])('refuses %s', async (_name, file, code) => {
    expect((await layerProblems(file, code)).join('\n')).toMatch(/may not import/);
  });

  it('refuses Node modules in code the browser also runs', async () => {
    expect(await layerProblems('src/domain/layer-probe.ts', "import { createHash } from 'node:crypto';")).toEqual([
      expect.stringMatching(/runs in the browser too/),
    ]);
  });

  it.each([
    [
      'web importing the contract and a rule',
      'src/web/layer-probe.ts',
      "import '../contract/cart';\nimport '../domain/image-widths';",
    ],
    ['server importing a machine', 'src/server/layer-probe.ts', "import '../../machines/session';"],
    ['a machine importing the contract', 'machines/layer-probe.ts', "import '../src/contract/cart';"],
    ['server using Node', 'src/server/layer-probe.ts', "import 'node:crypto';"],
  ])('allows %s', async (_name, file, code) => {
    expect(await layerProblems(file, code)).toEqual([]);
  });
});
