import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// jsdom has no ResizeObserver; radix's popovers and dialogs measure with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// The parts the app fetches on demand are compiled here, once per file, before any test waits for them: compiled on
// first use inside a test, on a loaded machine, they could take longer than testing-library's one-second wait.
await Promise.all([
  import('../../src/web/components/layout/signed-in-header'),
  import('../../src/web/components/layout/mobile-menu-sheet'),
  import('../../src/web/components/catalogue/stock-breakdown-popover'),
  import('../../src/web/components/catalogue/email-products-panel'),
]);

// A console.error during a UI test is a bug in the view (a React warning, an unhandled failure): fail the test.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error during a UI test: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});
