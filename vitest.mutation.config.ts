import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * The suites `npm run test:mutation` runs against each mutant: the unit and model suites, which exercise the mutated
 * files (src/domain, machines/ and the server's money, stock and access rules) without a database, so a mutant is
 * judged in seconds. The api and ui suites stay out: each mutant would pay for their databases and servers.
 */
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'model',
          include: ['tests/model/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/support/ui-setup.ts'],
        },
      },
    ],
  },
});
