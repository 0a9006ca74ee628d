import react from '@vitejs/plugin-react';
import { type TestProjectInlineConfiguration, defineConfig } from 'vitest/config';

/** The suites that need no database or server: vitest.mutation.config.ts judges mutants with them too. */
export const unitProject = {
  extends: true,
  test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
} satisfies TestProjectInlineConfiguration;

export const modelProject = {
  extends: true,
  test: {
    name: 'model',
    include: ['tests/model/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['tests/support/ui-setup.ts'],
  },
} satisfies TestProjectInlineConfiguration;

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      unitProject,
      // The model suite's coverage report (scripts/model-coverage-report.ts) starts from an empty record each run.
      { ...modelProject, test: { ...modelProject.test, globalSetup: ['tests/model/support/clear-model-coverage.ts'] } },
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
