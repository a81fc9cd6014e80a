// SPDX-License-Identifier: Apache-2.0
// Every registered experiment gives the same result natively (build/native/attnlab, g++) and in
// wasm (the web build through the Core facade): integers, booleans and strings exactly, reals to
// 1e-9 relative, with an absolute floor of 1e-12 times the scale of their array for quantities at
// rounding-noise level (rowSumError ~ 1e-16, trailing singular values): see tests/e2e/compare.mjs.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core, Inputs } from '../../web/src/engine/core';
import type { ExperimentId } from '../../web/src/experiments/generated';
import { loadCoreNode } from '../../web/src/engine/load-node';
import { differences } from '../e2e/compare.mjs';
import { npy } from './npy-fixture';

const cli = fileURLToPath(new URL('../../build/native/attnlab', import.meta.url));

interface Case {
  label: string;
  params: Record<string, string>;
  upload?: { name: string; content: string | Uint8Array };
}

// One small nonnegative pattern (8 x 8, two nonzeros in some rows) in the three upload formats.
const PATTERN: [number, number, number][] = [
  [0, 0, 1],
  [0, 3, 2],
  [1, 1, 1.5],
  [2, 2, 1],
  [2, 0, 0.5],
  [3, 3, 1],
  [3, 1, 2],
  [4, 4, 1],
  [5, 5, 1],
  [6, 6, 1],
  [7, 7, 1],
  [7, 2, 1.25],
];
const patternCsv = '# i,j,value\n' + PATTERN.map((t) => t.join(',')).join('\n') + '\n';
const patternJson = JSON.stringify({ n: 8, entries: PATTERN });
const dense = new Array<number>(64).fill(0);
for (const [i, j, v] of PATTERN) dense[j * 8 + i] = v; // column-major, read back with fortran_order
const patternNpy = npy('<f8', [8, 8], dense, { fortran: true });

/**
 * Small parameter sets per experiment id. A new experiment must add an entry here: the test for
 * an experiment without one fails.
 */
const CASES: Record<string, Case[]> = {
  'attention-map': [
    { label: 'sphere', params: { n: '48', d: '3', beta: '6', seed: '2', px: '16' } },
    {
      label: 'ball, causal',
      params: { n: '33', d: '4', beta: '20', geometry: 'ball', causal: '1', seed: '7', px: '16' },
    },
    { label: 'gauss, beta 0', params: { n: '20', d: '2', beta: '0', geometry: 'gauss', seed: '9', px: '16' } },
    { label: 'drawn order', params: { n: '40', d: '5', beta: '9', order: 'sample', seed: '3', px: '16' } },
  ],
  'sparse-approx': [
    { label: 'sampled pattern', params: { n: '32', k: '2', gamma: '2', d: '64', redraws: '2', px: '16', seed: '3' } },
    {
      label: 'uploaded CSV',
      params: { d: '48', px: '16', seed: '5' },
      upload: { name: 'pattern.csv', content: patternCsv },
    },
    {
      label: 'uploaded JSON with n',
      params: { d: '48', px: '16', seed: '5' },
      upload: { name: 'pattern.json', content: patternJson },
    },
    {
      label: 'uploaded .npy (Fortran order)',
      params: { d: '40', seed: '6' },
      upload: { name: 'pattern.npy', content: patternNpy },
    },
  ],
  'sparse-dmin': [
    { label: 'two sizes, two seeds', params: { ns: '16,24', k: '2', gamma: '2', seeds: '2', dmax: '512', seed: '4' } },
  ],
  'rmt-spectrum': [
    { label: 'mean pooling', params: { d: '40', seed: '2' } },
    { label: 'Variant B, custom weights', params: { d: '40', variant: 'B', T: '3', pool: '0.5,0.3,0.2', seed: '3' } },
  ],
  'rmt-transition': [
    { label: 'two poolings', params: { d: '30', mu2: '0.5,3', pools: 'mean,optimal', seeds: '2', seed: '4' } },
  ],
  'rmt-weights': [{ label: 'AR(1) R, tau 1', params: { d: '30', R: 'ar:0.5', tau: '1', sequences: '10', seed: '5' } }],
  'rmt-ridge': [{ label: 'small', params: { d: '30', mu2: '1', ntrain: '60', ntest: '50', seeds: '1', seed: '6' } }],
  'rmt-phase': [{ label: 'delta axis', params: { axis: 'delta', mu2: '0.7', pool: 'causal' } }],
  'rank-beta': [
    { label: 'sphere d = 3', params: { n: '40', betas: '2,8,16', seed: '2' } },
    { label: 'gauss d = 2', params: { geometry: 'gauss', d: '2', n: '32', betas: '4,16', seed: '3' } },
  ],
  'rank-n': [{ label: 'sphere', params: { n: '16,24,40', beta: '8', seed: '1' } }],
  'rank-eps': [{ label: 'ball', params: { geometry: 'ball', n: '32', eps: '0.2,0.05', seed: '4' } }],
  'rank-ladder': [{ label: 'with refit', params: { n: '40', beta: '16', refit: '1', seed: '1' } }],
  'rank-interaction': [
    { label: 'zoo sink', params: { family: 'sink', variant: '3' } },
    { label: 'synthetic', params: { source: 'synthetic', n: '40', tauScale: 'sqrtn', seed: '5' } },
  ],
  'rank-zoo': [{ label: 'broad heads', params: { family: 'broad', betaMults: '1,2' } }],
};

// Loaded at collection time: the experiment list decides which tests exist.
const core: Core = await loadCoreNode();
let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'attnlab-nvw-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function runNative(id: string, params: Record<string, string>, uploadPath?: string): unknown {
  const args = [id, ...Object.entries(params).map(([k, v]) => `${k}=${v}`)];
  if (uploadPath) args.push(`upload=${uploadPath}`);
  return JSON.parse(
    execFileSync(cli, args, { encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'pipe'] }),
  );
}

describe('native CLI and wasm agree', () => {
  it('the native CLI is built', () => {
    expect(existsSync(cli), `${cli} is missing: run npm run build`).toBe(true);
  });

  it('the comparison itself is strict (exact integers, 1e-9 relative reals)', () => {
    expect(differences({ a: 3, b: [1.5, 2] }, { a: 3, b: [1.5, 2] })).toEqual([]);
    expect(differences({ a: 3 }, { a: 4 })).toHaveLength(1);
    expect(differences([1.0, 0.5], [1.0, 0.5 * (1 + 1e-8)])).toHaveLength(1);
    expect(differences({ s: 'x' }, { s: 'y' })).toHaveLength(1);
    expect(differences({ a: 1 }, { a: 1, b: 2 })).toHaveLength(1);
  });

  // One test per registered experiment: the list comes from the wasm module, not from CASES.
  for (const { id } of core.experiments()) {
    it(id, () => {
      const cases = CASES[id];
      expect(
        cases,
        `no parameter table entry for '${id}': add small parameter sets to CASES in this file`,
      ).toBeDefined();
      for (const c of cases) {
        let inputs: Inputs | undefined;
        let uploadPath: string | undefined;
        if (c.upload) {
          uploadPath = join(scratch, c.upload.name);
          writeFileSync(uploadPath, c.upload.content);
          const bytes =
            typeof c.upload.content === 'string' ? new TextEncoder().encode(c.upload.content) : c.upload.content;
          inputs = { pattern: core.parseInput(id, 'pattern', c.upload.name, bytes) };
        }
        const native = runNative(id, c.params, uploadPath);
        const wasm = core.run(id as ExperimentId, c.params, inputs); // the module lists exactly the generated ids (schema.test.ts)
        expect(differences(native, wasm), `${id} (${c.label})`).toEqual([]);
      }
    });
  }
});
