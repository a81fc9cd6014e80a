// The app lives in web/; every URL is relative (base './') so dist/ works from any sub-folder.
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'web',
  base: './',
  // assetsInlineLimit 0: fonts and images stay files, never data: URLs a strict img-src/font-src blocks.
  build: { outDir: '../dist', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 1024, assetsInlineLimit: 0 },
  worker: { format: 'es' },
  server: { host: '127.0.0.1', port: 5173, strictPort: false },
  preview: { host: '127.0.0.1', port: 5173 },
});
