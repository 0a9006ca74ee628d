// `npm run test:mutation`: StrykerJS over the rules whose mistakes cost money or let the wrong person in (docs/testing.md,
// 'Mutation testing'). On demand, never in CI: a whole run takes the better part of an hour on two cores; incremental
// mode keeps the results in reports/stryker-incremental.json, so a run after a small change retests only what changed.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  mutate: [
    'src/domain/**/*.ts',
    'machines/**/*.ts',
    'src/server/modules/checkout/order-totals.ts',
    'src/server/modules/checkout/shipping-rules.ts',
    'src/server/modules/checkout/stock-allocation.ts',
    'src/server/modules/checkout/place-order.ts',
    'src/server/http/access.ts',
  ],
  coverageAnalysis: 'perTest',
  ignoreStatic: true,
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  thresholds: { high: 90, low: 80, break: 80 },
  concurrency: 2,
  tempDirName: '.stryker-tmp',
  timeoutMS: 20_000,
};
