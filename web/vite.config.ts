// Builds the web console (simulator at /, operator/admin console at /admin) into web/dist, which the
// server serves. No React plugin: Vite's esbuild compiles TSX with the automatic JSX runtime.
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const root = import.meta.dirname;

export default defineConfig({
  root,
  base: '/',
  publicDir: false,
  logLevel: 'warn',
  esbuild: { jsx: 'automatic' },
  build: {
    outDir: resolve(root, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
  },
  server: {
    // `npx vite --config web/vite.config.ts` during development: the API runs on `npm start` (port 3000).
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
