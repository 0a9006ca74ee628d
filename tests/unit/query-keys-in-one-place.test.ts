import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Every query the browser caches is defined in src/web/api/queries/ (eslint.config.js), so the isolation test that
 * enumerates those modules (tests/ui/session-user-data-isolation.test.tsx) covers every key the app uses.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

async function problemsIn(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`);
}

const inlineQuery = [
  "import { useQuery } from '@tanstack/react-query';",
  "import { useApi } from '../../session/session-context';",
  'export function useVendors(search: string) {',
  '  const api = useApi();',
  "  return useQuery({ queryKey: ['staff', 'vendors', search], queryFn: () => api.call('staffVendors', { body: { search, page: 1, pageSize: 20 } }) });",
  '}',
].join('\n');

describe('query keys in one place', () => {
  it('refuses a query defined in a component', async () => {
    const problems = await problemsIn(inlineQuery, 'src/web/components/session/vendor-probe.tsx');
    expect(problems.filter((problem) => problem.includes('src/web/api/queries/'))).toHaveLength(2);
  }, 60_000);

  it('refuses an inline key in an invalidation', async () => {
    const code = [
      "import { useQueryClient } from '@tanstack/react-query';",
      'export function useRefreshCart() {',
      '  const queryClient = useQueryClient();',
      "  return () => queryClient.invalidateQueries({ queryKey: ['cart'] });",
      '}',
    ].join('\n');
    expect(await problemsIn(code, 'src/web/components/checkout/refresh-probe.ts')).toEqual([
      expect.stringContaining('Write query keys in src/web/api/queries/'),
    ]);
  });

  it('accepts the same query in the query modules', async () => {
    expect(await problemsIn(inlineQuery, 'src/web/api/queries/vendor-probe.tsx')).toEqual([]);
  });
});
