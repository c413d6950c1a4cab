import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress.js';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  root,
  plugins: [react(), precompress()],
  build: {
    outDir: fileURLToPath(new URL('../dist/frontend', import.meta.url)),
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
  },
  server: {
    port: 5173,
    // In `npm run dev` the API, media and server-rendered files come from the Nest process.
    proxy: Object.fromEntries(
      ['/_api', '/media', '/go', '/sitemap.xml', '/robots.txt', '/rss.xml'].map((p) => [p, { target: apiTarget }]),
    ),
  },
});
