import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { UI_WAIT_MS } from './ui-wait';

// findBy* and waitFor wait this long unless a test says otherwise (vi.waitFor is given it call by call; lint checks).
configure({ asyncUtilTimeout: UI_WAIT_MS });

// jsdom has no ResizeObserver; radix's popovers and dialogs measure with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

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
