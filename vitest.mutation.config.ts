import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { modelProject, unitProject } from './vitest.config';

/**
 * The suites `npm run test:mutation` runs against each mutant: the unit and model suites, which exercise the mutated
 * files (src/domain, machines/ and the server's money, stock and access rules) without a database, so a mutant is
 * judged in seconds. The api and ui suites stay out: each mutant would pay for their databases and servers.
 */
export default defineConfig({
  plugins: [react()],
  test: { projects: [unitProject, modelProject] },
});
