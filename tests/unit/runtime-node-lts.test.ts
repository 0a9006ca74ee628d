import { describe, expect, it } from 'vitest';

/**
 * The suites run on the Node the project brings (the `node` dependency, docs/decisions/2026-11-28-node-24-from-the-registry.md),
 * not the machine's: npm puts node_modules/.bin first on every script's PATH.
 */
describe('the runtime', () => {
  it('is Node 24 LTS', () => {
    expect(process.versions.node.split('.')[0]).toBe('24');
  });
});
