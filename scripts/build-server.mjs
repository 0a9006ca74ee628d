// `npm run build` (second half): the server as one plain JavaScript file, dist/server/main.js, that `npm start` runs
// with node alone. Packages stay in node_modules (imported, not bundled); migrations and public images are read from
// the project at run time (src/server/project-root.ts).
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
