// SPDX-License-Identifier: Apache-2.0
// Bundles web/src/engine/headless.ts for Node with Vite's SSR build -> build/headless/headless.js, and beside it
// node-worker.js, the worker_threads entry that node-worker-runner.ts starts (--pool N, the preset build), and
// tokenize-node-worker.js, the one tokenize-node.ts starts per text.
// The bundle carries no wasm: it loads the web build's web/src/wasm/attnlab.{mjs,wasm} at run time.
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));

await build({
  configFile: `${root}vite.config.ts`,
  logLevel: 'warn',
  // Comlink bundled: its Node adapter is a file of its package without an extension, which Node does not resolve.
  ssr: { noExternal: ['comlink'] },
  build: {
    ssr: true,
    outDir: `${root}build/headless`,
    emptyOutDir: true,
    target: 'node20',
    rollupOptions: {
      input: {
        headless: `${root}web/src/engine/headless.ts`,
        'node-worker': `${root}web/src/engine/node-worker.ts`,
        'tokenize-node-worker': `${root}web/src/engine/tokenize-node-worker.ts`,
      },
      output: { entryFileNames: '[name].js', chunkFileNames: 'engine-[hash].js' },
    },
  },
});
