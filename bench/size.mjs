// SPDX-License-Identifier: Apache-2.0
// npm run bench -- size: the bytes a reader downloads before the first live run, from the site build (dist/): the wasm
// modules (each group's, of which a first run loads one, and the whole lab's) and the first JavaScript bundle (the
// entry script and what it preloads), raw, gzip -9 and brotli -q 11 (what a server compresses them to). The target is
// the speed issue's: the wasm a first run loads at most 350 KB gzip.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { printTable } from './lib/common.mjs';
import { writeRecord } from './lib/rounds.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const WASM_TARGET_KB = 350;

const kb = (bytes) => (bytes / 1000).toFixed(1);
function sizes(path) {
  const bytes = readFileSync(path);
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const firstJs = [
  ...html.matchAll(/<script type="module"[^>]*src="\.\/([^"]+)"|<link rel="modulepreload"[^>]*href="\.\/([^"]+)"/g),
].map((m) => m[1] ?? m[2]);
// The page's workers run each experiment in its group's module (attnlab-<group>-<hash>.wasm): a first run loads one.
// The whole lab's (attnlab-<hash>.wasm) is fetched only to check an opened result file against every experiment.
const wasm = readdirSync(join(dist, 'assets'))
  .filter((f) => f.endsWith('.wasm'))
  .sort();
// Vite names them <name>-<8-character hash>.wasm, so the whole lab's has no group between the two.
const group = (f) => /^attnlab-(.+)-[\w-]{8}\.wasm$/.exec(f)?.[1];
const groups = wasm.filter(group);
const whole = wasm.filter((f) => !group(f));
if (!firstJs.length || !groups.length || whole.length !== 1)
  throw new Error(
    `dist/ has no entry script, no group module or not one whole-lab module (${wasm.join(', ')}): run npm run build`,
  );

const rows = [
  ...groups.map((f) => ({ what: `wasm module: ${group(f)} experiments`, file: `assets/${f}` })),
  ...whole.map((f) => ({ what: 'wasm module: whole lab (opened result files only)', file: `assets/${f}` })),
  ...firstJs.map((f) => ({ what: 'first JS bundle', file: f })),
].map((r) => ({ ...r, ...sizes(join(dist, r.file)) }));
console.log('bytes before the first live run (KB = 1000 bytes)\n');
printTable(
  ['what', 'file', 'raw KB', 'gzip -9 KB', 'brotli KB'],
  rows.map((r) => [r.what, r.file, kb(r.raw), kb(r.gzip), kb(r.brotli)]),
);
const largest = rows.slice(0, groups.length).reduce((a, b) => (b.gzip > a.gzip ? b : a));
console.log(
  `\nsize: the largest module a first run loads ` +
    `(${largest.what.replace('wasm module: ', '')}) ${kb(largest.raw)} KB raw, ${kb(largest.gzip)} KB gzip ` +
    `(target <= ${WASM_TARGET_KB} KB gzip: ${largest.gzip <= WASM_TARGET_KB * 1000 ? 'MET' : 'MISSED'})`,
);
writeRecord(root, 'size', { rows, wasmTargetKb: WASM_TARGET_KB });
