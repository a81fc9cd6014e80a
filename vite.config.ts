// SPDX-License-Identifier: Apache-2.0
// The app lives in web/; every URL is relative (base './') so dist/ works from any sub-folder.
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { publicClients } from './web/public-clients.ts';

/**
 * The wasm core (~1.7 MB) must fit; the plugin fails the build when a precached file is larger, never drops it
 * silently.
 */
const MAX_PRECACHED_FILE_BYTES = 4 * 1024 * 1024;

// Offline after the first visit: web/src/sw.ts, built to dist/sw.js with the list of files to precache.
// The page registers it from its own bundle (ui/shell/update-notice.ts via virtual:pwa-register), so no inline script.
const offline = VitePWA({
  strategies: 'injectManifest', // our own few lines of Workbox (generateSW's runtime bundling costs ~6 s per build)
  srcDir: 'src',
  filename: 'sw.ts',
  injectRegister: false,
  registerType: 'prompt', // a new version waits for the reader's Reload
  manifest: false,
  scope: './', // relative to the page: the worker controls whichever folder the site is served from
  injectManifest: {
    // woff2 only: every browser with service workers reads it, and KaTeX lists it first (its .woff/.ttf are never
    // fetched).
    globPatterns: ['**/*.{html,js,css,wasm,svg,woff2}'],
    maximumFileSizeToCacheInBytes: MAX_PRECACHED_FILE_BYTES,
    rollupFormat: 'iife', // a classic worker script: registered without type 'module'
  },
  // The worker's own small build speaks only of problems (the site's build reports the rest).
  integration: {
    configureCustomSWViteBuild: (config) => {
      config.logLevel = 'warn';
    },
  },
});

export default defineConfig({
  root: 'web',
  base: './',
  // assetsInlineLimit 0: fonts and images stay files, never data: URLs a strict img-src/font-src blocks.
  build: { outDir: '../dist', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 1024, assetsInlineLimit: 0 },
  worker: { format: 'es' },
  // attnlab-embed-host.js, attnlab-figure.js, attnlab-widget.js: built from web/src/protocol/ (web/public-clients.ts).
  plugins: [offline, publicClients()],
  server: { host: '127.0.0.1', port: 5173, strictPort: false },
  preview: { host: '127.0.0.1', port: 5173 },
});
