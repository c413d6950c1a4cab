import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig(({ isSsrBuild }) => ({
  root,
  plugins: [react()],
  build: isSsrBuild
    ? {
        // The server renderer (`vite build --ssr src/entry-server.tsx`), loaded by the backend at runtime.
        outDir: fileURLToPath(new URL('../dist/frontend-server', import.meta.url)),
        emptyOutDir: true,
        sourcemap: false,
        minify: false,
      }
    : {
        outDir: fileURLToPath(new URL('../dist/frontend', import.meta.url)),
        emptyOutDir: true,
        assetsDir: 'assets',
        sourcemap: false,
        // The server reads it to send a rendered page's CSS and preload its chunk (SsrRendererService).
        manifest: true,
      },
  ssr: {
    // One self-contained file: the production image prunes devDependencies (React lives there).
    noExternal: true,
  },
  // The bundled React picks its build from NODE_ENV at runtime; the server renderer is always a production
  // build (as the browser's is), whatever NODE_ENV the backend runs with (tests, development).
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  server: {
    port: 5173,
    // In `npm run dev` the API, media and server-rendered files come from the Nest process.
    proxy: Object.fromEntries(
      ['/_api', '/media', '/go', '/sitemap.xml', '/robots.txt', '/rss.xml'].map((p) => [p, { target: apiTarget }]),
    ),
  },
}));
