import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

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
          globalSetup: ['tests/model/support/clear-model-coverage.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/test-database-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          include: ['tests/ui/**/*.test.{ts,tsx}'],
          environment: './tests/support/jsdom-with-server-environment.ts',
          setupFiles: ['tests/support/ui-setup.ts'],
          globalSetup: ['tests/support/test-database-setup.ts'],
          // Each test drives the real app against a real server on its own database; on a busy 2-core machine a
          // whole flow can take longer than vitest's 5 s default without anything being wrong.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
