import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API port `npm run dev` starts the server on; Vite proxies /yhi/api and /image to it. */
const DEV_API_PORT = Number(process.env.DEV_API_PORT ?? 3001);

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
