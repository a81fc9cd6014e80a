// SPDX-License-Identifier: Apache-2.0
// Leaks across the boundary: 300 runs, a third of them failing and a sixth
// stopped, must leave the wasm heap and stack pointer exactly where they were, and the JS heap flat.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { beforeAll, expect, it } from 'vitest';
import { type Core, CoreError } from '../../web/src/engine/core';
import { loadCoreNode } from '../../web/src/engine/load-node';

// A real gc() whether or not node runs with --expose-gc: the flag can be set at run time and the
// function picked up from a fresh context.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

let core: Core;
beforeAll(async () => {
  core = await loadCoreNode();
});

/** One of six kinds of call: three succeed, two fail validation, one is stopped mid-run. */
function mixedCall(k: number): void {
  const expectCoreError = (call: () => unknown) => {
    try {
      call();
    } catch (error) {
      if (error instanceof CoreError) return;
      throw error;
    }
    throw new Error(`call ${k} should have failed`);
  };
  switch (k % 6) {
    case 0:
      core.run('attention-map', { n: 40, beta: 3, seed: k });
      break;
    case 1:
      core.run('attention-map', { n: 17, geometry: 'gauss', causal: '1', seed: k });
      break;
    case 2:
      expectCoreError(() => core.run('attention-map', { n: 'x'.repeat(k) }));
      break;
    case 3:
      expectCoreError(() => core.run('attention-map', { beta: -k, zzz: 'unknown key' }));
      break;
    case 4:
      expectCoreError(() => core.runJob('attention-map', { params: { n: 64 }, at: {} }, undefined, () => false));
      break;
    default:
      core.run('attention-map', { n: 30, d: 5, geometry: 'ball', seed: k }, undefined, () => undefined);
  }
}

function jsHeapAfterGc(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

it('300 mixed runs leave the wasm heap, the wasm stack and the JS heap flat', () => {
  // Warm-up: first calls grow allocator pools and Embind's caches once.
  for (let k = 0; k < 60; k++) mixedCall(k);
  const heap0 = core.module.heapInUse();
  const stack0 = core.module.stackPointer();
  const js0 = jsHeapAfterGc();

  const heapSamples: number[] = [];
  for (let k = 0; k < 300; k++) {
    mixedCall(k);
    if (k % 50 === 49) heapSamples.push(core.module.heapInUse());
    expect(core.module.stackPointer()).toBe(stack0);
  }
  const js1 = jsHeapAfterGc();

  expect(heapSamples.every((h) => h === heap0)).toBe(true);
  expect(core.module.heapInUse()).toBe(heap0);
  // A leak of even 1 KB per call would add 300 KB; allow for V8's own bookkeeping noise.
  expect(js1 - js0).toBeLessThan(256 * 1024);
});
