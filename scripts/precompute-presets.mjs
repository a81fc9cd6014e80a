// SPDX-License-Identifier: Apache-2.0
// Runs every "Reproduce" preset through the headless runner and ships its result with the site:
// dist/precomputed/<presetFileName(link)> (the result JSON exactly as JSON.stringify gives it, gzipped; the page
// derives the name from the link, web/src/ui/run/precomputed.ts) and dist/precomputed/index.json (canonical link ->
// file, and the wasm hash: for tools and tests, the page does not read it). Cached in build/precomputed/ by (link, hash
// of the wasm module), so a rebuild recomputes only presets that changed. Run after vite build (scripts/lib.sh
// build_site). node scripts/precompute-presets.mjs [--dist=dist]
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { runnerImport } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const wasmDir = join(root, 'web/src/wasm');
const cacheDir = join(root, 'build/precomputed');
const dist = join(root, process.argv.find((a) => a.startsWith('--dist='))?.slice('--dist='.length) ?? 'dist');
const outDir = join(dist, 'precomputed');

const sha256 = (data) => createHash('sha256').update(data).digest('hex');
/** The wasm module and its glue: a different core may give different numbers. */
export const wasmHash = () =>
  sha256(Buffer.concat([readFileSync(join(wasmDir, 'attnlab.wasm')), readFileSync(join(wasmDir, 'attnlab.mjs'))]));
/** A preset's result in the cache: changes with the link and with the core. */
export const cacheKey = (link, wasm) => sha256(`${link}\n${wasm}`).slice(0, 20);

/** The TypeScript modules the page uses, loaded through Vite (no separate bundle). */
export async function loadPresetLinks() {
  const load = async (path) =>
    (await runnerImport(join(root, path), { configFile: false, root, logLevel: 'warn' })).module;
  const [{ allPresetLinks, presetFileName }, { EXPERIMENTS }, { toCoreParams }] = await Promise.all(
    ['web/src/state/preset-links.ts', 'web/src/experiments/index.ts', 'web/src/experiments/schema.ts'].map(load),
  );
  return allPresetLinks(EXPERIMENTS).map((p) => ({
    ...p,
    params: toCoreParams(p.values),
    file: presetFileName(p.link),
  }));
}

/**
 * A pool of worker threads over a wasm module of the web build (build/headless/headless.js), one per core: the whole
 * lab's (what headless runs), or with `group`, that group's (what the page runs: CORE_MODULE_OF).
 */
export async function headlessPool(group) {
  const { Pool, nodeWorkerRunner } = await import(pathToFileURL(join(root, 'build/headless/headless.js')).href);
  const name = group ? `attnlab-${group}` : 'attnlab';
  return new Pool(() => nodeWorkerRunner(wasmDir, name), Math.max(1, Math.min(2, availableParallelism())));
}

/** Runs each experiment in its group's module, as the page does (a pool per group, made when first needed). */
export function pageModulePools(moduleOf) {
  const pools = new Map();
  return {
    run(id, params) {
      const group = moduleOf[id];
      if (!pools.has(group)) pools.set(group, headlessPool(group));
      return pools.get(group).then((pool) => pool.run(id, params));
    },
    dispose() {
      for (const pool of pools.values()) void pool.then((p) => p.dispose());
    },
  };
}

/** The bytes a shipped file holds: the result as the page's #result-json shows it (before escaping). */
export const resultText = (result) => JSON.stringify(result);

async function main() {
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`${dist} has no index.html: run vite build first`);
  const started = performance.now();
  const wasm = wasmHash();
  const presets = await loadPresetLinks();
  const clash = presets.find((p, k) => presets.findIndex((q) => q.file === p.file) !== k);
  if (clash) throw new Error(`two presets share the file name ${clash.file} (${clash.link}): change presetFileName`);
  mkdirSync(cacheDir, { recursive: true });
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  let pool;
  const index = {};
  const cachedNames = new Set();
  let computed = 0,
    bytes = 0;
  try {
    for (const preset of presets) {
      const cached = join(cacheDir, `${cacheKey(preset.link, wasm)}.json.gz`);
      if (!existsSync(cached)) {
        const t0 = performance.now();
        pool ??= await headlessPool();
        const result = await pool.run(preset.experimentId, preset.params);
        writeFileSync(`${cached}.tmp`, gzipSync(resultText(result), { level: 9 }));
        renameSync(`${cached}.tmp`, cached); // a stopped build leaves no half file in the cache
        computed++;
        console.error(
          `[precompute] ${preset.experimentId} "${preset.label}": ${((performance.now() - t0) / 1000).toFixed(1)} s`,
        );
      }
      copyFileSync(cached, join(outDir, preset.file));
      bytes += statSync(cached).size;
      index[preset.link] = preset.file;
      cachedNames.add(basename(cached));
    }
  } finally {
    pool?.dispose();
  }
  writeFileSync(join(outDir, 'index.json'), JSON.stringify({ wasm, presets: index }));
  // Results of presets or cores no longer shipped.
  for (const name of readdirSync(cacheDir)) if (!cachedNames.has(name)) rmSync(join(cacheDir, name), { force: true });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.error(
    `[precompute] ${presets.length} presets (${computed} ` +
      `computed, ${presets.length - computed} cached) in ${seconds} s; ` +
      `dist/precomputed: ${(bytes / 1024).toFixed(0)} KiB compressed`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error) => {
    console.error(`[precompute] ${error.message}`);
    process.exit(1);
  });
}
