// SPDX-License-Identifier: Apache-2.0
// The core as an npm package in build/package/ (web/src/engine/library.ts): index.js (ESM, bundled by Vite) and the
// worker_thread its runs use in Node (library-worker.js, with the chunks they share), its
// type declarations (tsc, with the generated result types), the whole lab's wasm module in wasm/, and a package.json
// with the repository's name, version and licence. `npm pack build/package` makes the tarball.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = `${root}build/package`;
rmSync(out, { recursive: true, force: true });
await build({
  configFile: false,
  root: `${root}web`,
  publicDir: false,
  logLevel: 'warn',
  build: {
    // library-worker.js: the worker_thread a run uses in Node (web/src/engine/library-run.ts starts it beside index.js)
    lib: {
      entry: { index: `${root}web/src/engine/library.ts`, 'library-worker': `${root}web/src/engine/library-worker.ts` },
      formats: ['es'],
      fileName: (_, name) => `${name}.js`,
    },
    outDir: out,
    emptyOutDir: false,
    target: 'es2022',
    minify: false,
    rollupOptions: { external: [/^node:/, /attnlab\.mjs$/] },
  },
});
execFileSync(
  `${root}node_modules/.bin/tsc`,
  [
    '--declaration',
    '--emitDeclarationOnly',
    '--skipLibCheck',
    '--strict',
    '--target',
    'es2022',
    '--module',
    'esnext',
    '--moduleResolution',
    'bundler',
    '--lib',
    'es2022,dom',
    '--types',
    'node',
    '--outDir',
    `${out}/types`,
    `${root}web/src/engine/library.ts`,
  ],
  { stdio: 'inherit' },
);
mkdirSync(`${out}/wasm`, { recursive: true });
for (const file of ['attnlab.mjs', 'attnlab.wasm']) cpSync(`${root}web/src/wasm/${file}`, `${out}/wasm/${file}`);
cpSync(`${root}LICENSE`, `${out}/LICENSE`);
const top = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
writeFileSync(
  `${out}/package.json`,
  `${JSON.stringify(
    {
      name: 'attnlab',
      version: top.version,
      description: top.description,
      license: top.license,
      type: 'module',
      engines: { node: '>=20' },
      exports: { '.': { types: './types/engine/library.d.ts', default: './index.js' } },
      types: './types/engine/library.d.ts',
      files: ['*.js', 'types', 'wasm', 'LICENSE', 'README.md'],
    },
    null,
    2,
  )}\n`,
);
writeFileSync(
  `${out}/README.md`,
  `# attnlab (the core as a library)\n\n\`\`\`js\nimport { schemas, plan, run } from ` +
    `'attnlab';\nconst result = await run('rank-beta', { betas: [1, 2, 4], n: 256, seed: 1 ` +
    `});\n\`\`\`\n\nThe same wasm core as the attnlab page and its command line: the values of a ` +
    `link give that link's numbers, byte for byte. Node ≥ 20, browsers, workers. Apache-2.0.\n`,
);
console.error(`[attnlab] npm package: ${out}`);
