// SPDX-License-Identifier: Apache-2.0
// A run starts from the link's state (AppState), not from the form (ui/run/run-input.ts): a link's state runs with
// no panel and no DOM, on the page's pool over Node workers, and gives the bytes the core gives for that link.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../web/src/engine/core';
import { loadCoreNode } from '../../web/src/engine/load-node';
import { nodeWorkerRunner } from '../../web/src/engine/node-worker-runner';
import { Pool } from '../../web/src/engine/pool';
import { EXPERIMENTS } from '../../web/src/experiments';
import { toCoreParams } from '../../web/src/experiments/schema';
import { parseLink } from '../../web/src/state/url';
import { runOn, runRequest, stateAfterRun } from '../../web/src/ui/run/run-input';
import type { ChosenFile } from '../../web/src/ui/uploads/uploads';

const wasmDir = fileURLToPath(new URL('../../web/src/wasm/', import.meta.url));
// A sweep (several jobs over the pool's workers) and a single job, each a link as a reader would open it.
const LINKS = ['#exp=rank-beta&v=2&n=40&betas=2,8,16&seed=2', '#exp=attention-map&v=2&n=64&seed=3'];

let core: Core;
const pool = new Pool(() => nodeWorkerRunner(wasmDir), 2);
beforeAll(async () => {
  core = await loadCoreNode(wasmDir);
});
afterAll(() => pool.dispose());

describe("a link's state runs without a panel", () => {
  for (const link of LINKS) {
    it(`gives the core's own result (${link})`, async () => {
      const { state } = parseLink(link, EXPERIMENTS);
      const request = runRequest(state);
      expect(request).toMatchObject({ values: state.values, invalid: [], chosen: [] });
      const result = await runOn(pool, request);
      const direct = core.run(request.meta.id, toCoreParams(state.values));
      expect(JSON.stringify(result)).toBe(JSON.stringify(direct));
    }, 60_000);
  }

  it("sends a draft's typed text, so the core names the field instead of running the last valid value", async () => {
    const { state } = parseLink(LINKS[0], EXPERIMENTS);
    const request = runRequest(state, { values: { ...state.values, n: 'lots' }, invalid: ['n'] });
    expect(request.invalid).toEqual(['n']);
    await expect(runOn(pool, request)).rejects.toMatchObject({ key: 'n' });
  }, 60_000);

  it("records the files in the link after a run (a model's heads by the model, never as a file)", () => {
    const { state } = parseLink('#exp=sparse-approx&v=2&eps2=1.5&seed=1', EXPERIMENTS);
    const array = { shape: [2, 2], sparse: false, values: new Float64Array(4) };
    const files: ChosenFile[] = [{ name: 'a.npy', input: 'a', array }];
    const request = runRequest(state, undefined, files);
    expect(request.inputs?.a.file).toBe('a.npy');
    expect(stateAfterRun({ ...state, model: undefined }, request).file).toBe('a.npy');
    const model = { name: 'tiny', fingerprint: 'f', text: 't' } as unknown as NonNullable<ChosenFile['model']>;
    const after = stateAfterRun({ ...state, file: 'old.npy' }, runRequest(state, undefined, [{ ...files[0], model }]));
    expect(after.model).toBe(model);
    expect(after.file).toBeUndefined();
  });
});
