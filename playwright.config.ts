import { defineConfig } from '@playwright/test';

/** The e2e suite runs the built shop on its own port with a fresh embedded database (see tests/e2e/support). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3110);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  // One retry: a shared 2-core machine now and then stalls the browser; a test that passes only on retry is listed as flaky.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: 'reports/playwright' }]],
  outputDir: 'test-results',
  globalSetup: './tests/e2e/support/global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: 'en-AU',
    timezoneId: 'Australia/Melbourne',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1366, height: 900 } } }],
});
