import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type Plugin, defineConfig } from 'vite';

/** The API port `npm run dev` starts the server on; Vite proxies /yhi/api and /image to it. */
const DEV_API_PORT = Number(process.env.DEV_API_PORT ?? 3001);

/**
 * Brotli (best) and gzip copies of the scripts, styles and page, written next to them at build time; the server sends
 * the copy the browser accepts (src/server/http/web-app.ts). Brotli at its best setting is about a fifth smaller than
 * gzip and too slow to run per request, so it is done once here (docs/performance.md, first load).
 */
function precompress(): Plugin {
  return {
    name: 'yhi-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist/web';
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
        const output = bundle[file];
        if (!output) continue;
        const source = Buffer.from(output.type === 'chunk' ? output.code : output.source);
        if (source.length < 1024) continue;
        const target = path.join(outDir, file);
        writeFileSync(
          `${target}.br`,
          brotliCompressSync(source, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
          }),
        );
        writeFileSync(`${target}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/web/routes',
      generatedRouteTree: './src/web/route-tree.gen.ts',
    }),
    react(),
    tailwindcss(),
    precompress(),
  ],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    // Maps for error tooling, referenced by no bundle; the server never serves them (src/server/http/web-app.ts).
    sourcemap: 'hidden',
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      '/yhi/api': `http://localhost:${DEV_API_PORT}`,
      '/image': `http://localhost:${DEV_API_PORT}`,
    },
  },
});
