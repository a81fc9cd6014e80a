// SPDX-License-Identifier: Apache-2.0
// The pool over the real wasm core (web/src/engine/pool.ts): node worker_threads run it through the page's worker code
// (engine/worker-api.ts) and give Core.run's results; refusals, stop and a missing module cross as clear errors.
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Core, CoreError } from '../../web/src/engine/core';
import { compiledModule, loadCoreNode } from '../../web/src/engine/load-node';
import { nodeWorkerRunner } from '../../web/src/engine/node-worker-runner';
import { Pool } from '../../web/src/engine/pool';

const wasmDir = fileURLToPath(new URL('../../web/src/wasm/', import.meta.url));

describe('Pool over the real wasm core', () => {
  let core: Core;
  beforeAll(async () => {
    core = await loadCoreNode();
  });

  it('one worker gives the same result as Core.run, with progress that ends at 1', async () => {
    const params = { n: 60, d: 3, beta: 8, seed: 4 };
    const pool = new Pool(() => nodeWorkerRunner(wasmDir), 1);
    const progress: number[] = [];
    try {
      const result = await pool.run('attention-map', params, { onProgress: (f) => progress.push(f) });
      expect(result).toEqual(core.run('attention-map', params));
      expect(progress.at(-1)).toBe(1);
    } finally {
      pool.dispose();
    }
  });

  it('a refusal crosses the worker as a CoreError naming the parameter', async () => {
    const pool = new Pool(() => nodeWorkerRunner(wasmDir), 1);
    try {
      const refused = await pool.run('attention-map', { beta: -1 }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(CoreError);
      expect(refused).toMatchObject({ badInput: true, key: 'beta' });
    } finally {
      pool.dispose();
    }
  });

  it('node worker_threads give the same result as Core.run, and stop terminates them', async () => {
    const pool = new Pool(() => nodeWorkerRunner(wasmDir), 2);
    try {
      const params = { n: 80, d: 2, geometry: 'gauss', beta: 5, seed: 11 };
      expect(await pool.run('attention-map', params)).toEqual(core.run('attention-map', params));
      await expect(pool.run('attention-map', { n: 0 })).rejects.toThrow(/\bn\b/);

      const long = pool.run('attention-map', { n: 4096, beta: 50 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      pool.stop();
      await expect(long).rejects.toThrow('stopped');
      expect((await pool.run('attention-map', { n: 20 })).rowSumError).toBeLessThan(1e-12);
    } finally {
      pool.dispose();
    }
  });

  it('a runner stopped while its module is read starts no worker, and its calls reject as stopped', async () => {
    const runner = nodeWorkerRunner(wasmDir);
    const planned = runner.plan('attention-map', { n: 20 });
    runner.terminate(); // the module is still being read: the worker must never start
    await expect(planned).rejects.toThrow('stopped');
    await expect(runner.plan('attention-map', { n: 20 })).rejects.toThrow('stopped');
  });

  it('one compiled module per process and directory; a directory without it is a clear error, not a hang', async () => {
    expect(compiledModule(wasmDir)).toBe(compiledModule(wasmDir));
    expect(await compiledModule(wasmDir)).toBeInstanceOf(WebAssembly.Module);
    const pool = new Pool(() => nodeWorkerRunner('/nonexistent/attnlab-wasm/'), 1);
    try {
      await expect(pool.run('attention-map', { n: 20 })).rejects.toThrow(/wasm module could not be read/);
    } finally {
      pool.dispose();
    }
  });
});
