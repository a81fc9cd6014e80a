// SPDX-License-Identifier: Apache-2.0
// Every preset result shipped in dist/precomputed/ (scripts/precompute-presets.mjs) is byte for byte the
// result a live run of its link gives now: the link is parsed back as the page parses it, run on worker threads
// over the page's wasm module of its experiment (its group's), and compared with the gunzipped file. Also: no preset
// is missing from the index, each file is keyed by the current wasm module (no stale results), and each passes its
// experiment's result checks (the judge of every opened result file).
// Runs every preset (about 2–3 minutes on 2 cores); needs a built dist/ (vite build + the precompute script).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { EXPERIMENTS } from '../../web/src/experiments';
import { toCoreParams } from '../../web/src/experiments/schema';
import { allPresetLinks, presetFileName } from '../../web/src/state/preset-links';
import { parseLink } from '../../web/src/state/url';
import { CORE_MODULE_OF } from '../../web/src/experiments/generated';
import { loadCoreNode } from '../../web/src/engine/load-node';
import { pageModulePools, resultText, wasmHash } from '../../scripts/precompute-presets.mjs';

const shipped = fileURLToPath(new URL('../../dist/precomputed/', import.meta.url));
const presets = allPresetLinks(EXPERIMENTS);
const index = existsSync(`${shipped}index.json`)
  ? (JSON.parse(readFileSync(`${shipped}index.json`, 'utf8')) as { wasm: string; presets: Record<string, string> })
  : undefined;
// Computed by headless (the whole lab's module), compared with the page's modules (each experiment's group's).
const pool = pageModulePools(CORE_MODULE_OF);
const lab = loadCoreNode();
afterAll(() => pool.dispose());

describe('precomputed preset results', () => {
  it('are shipped for every preset, keyed by the current wasm module', () => {
    expect(index, 'dist/precomputed/index.json is missing: build the site (scripts/lib.sh build_site)').toBeDefined();
    const wasm = wasmHash();
    expect(index!.wasm).toBe(wasm);
    expect(Object.keys(index!.presets).sort()).toEqual(presets.map((p) => p.link).sort());
    // the name the page asks for
    for (const preset of presets) expect(index!.presets[preset.link]).toBe(presetFileName(preset.link));
    expect(new Set(presets.map((p) => presetFileName(p.link))).size).toBe(presets.length);
  });

  it.each(presets.map((p) => [p.experimentId, p.label, p] as const))(
    '%s "%s" equals a live run of its link',
    async (_, __, preset) => {
      const file = index?.presets[preset.link];
      expect(file, `no shipped result for ${preset.link}`).toBeDefined();
      const { state, notices } = parseLink(preset.link, EXPERIMENTS);
      expect(notices).toEqual([]);
      const live = await pool.run(state.experimentId, toCoreParams(state.values));
      const text = gunzipSync(readFileSync(`${shipped}${file}`)).toString('utf8');
      expect(text).toBe(resultText(live));
      // Opened as a file, it is judged by its experiment's result checks, as every opened result is: and it passes
      // them.
      expect((await lab).resultMismatches(text)[state.experimentId]).toBe('');
    },
    300_000,
  );
});
