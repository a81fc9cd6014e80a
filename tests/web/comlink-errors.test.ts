// SPDX-License-Identifier: Apache-2.0
// A refusal keeps what it is about on its way to the page: the core's envelope names the parameter
// (CoreError.key) and the Web Worker boundary (Comlink) keeps badInput and key (engine/comlink-errors.ts).
import * as Comlink from 'comlink';
import { MessageChannel } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { keepCoreErrors } from '../../web/src/engine/comlink-errors';
import { CoreError } from '../../web/src/engine/core';
import { loadCoreNode } from '../../web/src/engine/load-node';

const wasmDir = fileURLToPath(new URL('../../web/src/wasm/', import.meta.url));

describe('a refusal names its parameter, across the worker boundary too', () => {
  it('the core names the parameter or input it refuses (CoreError.key)', async () => {
    const core = await loadCoreNode(wasmDir);
    const refusal = (id: Parameters<typeof core.plan>[0], params: Record<string, string>) => {
      try {
        core.plan(id, params);
      } catch (error) {
        return error;
      }
      return undefined;
    };
    expect(refusal('attention-map', { n: 'abc' })).toMatchObject({ name: 'CoreError', badInput: true, key: 'n' });
    expect(refusal('rmt-weights', { R: 'ar:1.5' })).toMatchObject({ badInput: true, key: 'R' });
    // no such parameter to name
    expect(refusal('attention-map', { zzz: '1' })).toMatchObject({ badInput: true, key: undefined });
  });

  it(
    'a CoreError thrown in a worker arrives as a CoreError ' + 'with its badInput and key; other errors as before',
    async () => {
      keepCoreErrors();
      const { port1, port2 } = new MessageChannel();
      const api = {
        refuse(): void {
          throw new CoreError("n must be an integer in [2, 4096], got 'abc'", true, 'n');
        },
        fail(): void {
          throw new CoreError('out of memory: choose smaller sizes');
        },
        crash(): void {
          throw new TypeError('not a function');
        },
      };
      Comlink.expose(api, port1 as unknown as Comlink.Endpoint);
      const remote = Comlink.wrap<typeof api>(port2 as unknown as Comlink.Endpoint);
      try {
        const refused = await remote.refuse().catch((error: unknown) => error);
        expect(refused).toBeInstanceOf(CoreError);
        expect(refused).toMatchObject({
          message: "n must be an integer in [2, 4096], got 'abc'",
          badInput: true,
          key: 'n',
        });
        expect(await remote.fail().catch((error: unknown) => error)).toMatchObject({
          name: 'CoreError',
          badInput: false,
          key: undefined,
        });
        const crashed = await remote.crash().catch((error: unknown) => error);
        expect(crashed).not.toBeInstanceOf(CoreError);
        expect(crashed).toMatchObject({ name: 'TypeError', message: 'not a function' });
      } finally {
        remote[Comlink.releaseProxy]();
        port1.close();
        port2.close();
      }
    },
  );
});
