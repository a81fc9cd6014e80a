// SPDX-License-Identifier: Apache-2.0
// Every registered experiment gives the same result natively (build/native/attnlab, g++) and in
// wasm (the web build through the Core facade): integers, booleans and strings exactly, reals to
// 1e-9 relative, with an absolute floor of 1e-12 times the scale of their array for quantities at
// rounding-noise level (rowSumError ~ 1e-16, trailing singular values): see tests/e2e/compare.mjs.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Core, Inputs } from '../../web/src/engine/core';
import type { ExperimentId } from '../../web/src/experiments/generated';
import { loadCoreNode } from '../../web/src/engine/load-node';
import { differences } from '../e2e/compare.mjs';
import { asStrings, cli, cliArgs, testSets } from './test-sets';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** Each experiment's reference sets (declared beside its parameters), uploads as files under tests/fixtures/. */
const SETS = testSets();

// Loaded at collection time: the experiment list decides which tests exist.
const core: Core = await loadCoreNode();

function runNative(id: string, params: Record<string, string>, uploadPath?: string): unknown {
  const args = [id, ...cliArgs(params)];
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

  // One test per registered experiment: the list comes from the wasm module, not from the sets.
  for (const { id } of core.experiments()) {
    it(id, () => {
      const cases = SETS[id]?.reference;
      expect(cases, `'${id}' declares no reference sets (declareTestSets in its core file)`).toBeDefined();
      for (const c of cases!) {
        const params = asStrings(c.params);
        let inputs: Inputs | undefined;
        let uploadPath: string | undefined;
        if (c.upload) {
          uploadPath = join(root, c.upload.file);
          const bytes = new Uint8Array(readFileSync(uploadPath));
          inputs = { [c.upload.input]: core.parseInput(id, c.upload.input, basename(uploadPath), bytes) };
        }
        const native = runNative(id, params, uploadPath);
        // The module lists exactly the generated ids (schema.test.ts).
        const wasm = core.run(id as ExperimentId, params, inputs);
        expect(differences(native, wasm), `${id} (${c.label})`).toEqual([]);
      }
    });
  }
});
