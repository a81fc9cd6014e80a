// SPDX-License-Identifier: Apache-2.0
// Bundles web/src/engine/headless.ts for Node with Vite's SSR build -> build/headless/headless.js.
// The bundle carries no wasm: it loads the web build's web/src/wasm/attnlab.{mjs,wasm} at run time.
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));

await build({
  configFile: `${root}vite.config.ts`,
  logLevel: 'warn',
  build: {
    ssr: 'src/engine/headless.ts', // relative to the config's root (web/)
    outDir: `${root}build/headless`,
    emptyOutDir: true,
    target: 'node20',
    rollupOptions: { output: { entryFileNames: 'headless.js' } },
  },
});
