// SPDX-License-Identifier: Apache-2.0
// One model request for every host (wasm/core/model/model_request.hpp): `npm run lab` takes the model's keys through
// the core's parser, as the native CLI and Python do; the page's corpus fields (engine/corpus-study.ts: corpusWords,
// which parse links before the core is loaded) give the core's verdicts, word for word; and an experiment on a
// model's heads gives the same numbers natively and headless (within 1e-9 relative: native and wasm differ in last
// bits), for token ids and for weights only.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../web/src/engine/core';
import { corpusWords } from '../../web/src/engine/corpus-study';
import { loadCoreNode } from '../../web/src/engine/load-node';
import { modelWords } from '../../web/src/engine/model-headless';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bert = `${root}tests/fixtures/models/bert-f32`;
const run = (command: string, args: string[]) =>
  spawnSync(command, args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 });
const lab = (args: string[]) => run(process.execPath, [`${root}scripts/lab.mjs`, ...args]);
const native = (args: string[]) => run(`${root}build/native/attnlab`, args);

/**
 * Equal JSON but numbers, which agree within 1e-9 relative, or 1e-8 absolute: an error at rounding level (the square
 * root of a sum of squares near 1e-17, when a certificate keeps every dimension) differs in its leading digits.
 */
function expectClose(got: unknown, want: unknown, path = ''): void {
  if (typeof want === 'number' && typeof got === 'number')
    expect(Math.abs(got - want), path).toBeLessThanOrEqual(Math.max(1e-8, 1e-9 * Math.abs(want)));
  else if (want && typeof want === 'object') {
    expect(Object.keys(got as object), path).toEqual(Object.keys(want));
    for (const [key, value] of Object.entries(want))
      expectClose((got as Record<string, unknown>)[key], value, path + '/' + key);
  } else expect(got, path).toEqual(want);
}

describe('the page parses a corpus as the core does', () => {
  let core: Core;
  beforeAll(async () => {
    core = await loadCoreNode();
  });
  const cases: Record<string, string>[] = [
    { n: '64,128,256', windows: '4', eps: '0.05,0.1,0.2' },
    {},
    { n: '8,8' },
    { n: '1' },
    { n: 'eight' },
    { n: '123456' },
    { n: '2,3,4,5,6,7,8,9,10' },
    { windows: '0' },
    { windows: '1001' },
    { windows: '1e3' },
    { eps: '0.1,0.2,0.3,0.4' },
    { eps: 'x' },
    { eps: '.5,1e-3' },
  ];
  it.each(cases)('%o', (given) => {
    const page = (() => {
      try {
        return corpusWords((key) => (key === 'corpus' ? 'c.txt' : given[key]));
      } catch (error) {
        return (error as Error).message;
      }
    })();
    const args = ['rank-zoo', `model=${bert}`, 'corpus=c.txt', ...Object.entries(given).map(([k, v]) => `${k}=${v}`)];
    const core_ = (() => {
      try {
        return modelWords(core, args)?.corpus;
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(core_).toEqual(page);
  });
});

describe('an experiment on a model’s heads: native = headless', () => {
  const cases: [string, string[]][] = [
    ['rank-zoo on ids', ['rank-zoo', `model=${bert}`, 'ids=2,13,14,15,16,13,17,3', 'lastLayer=1', 'seed=2']],
    ['rank-zoo, first token dropped', ['rank-zoo', `model=${bert}`, 'ids=2,13,14,15,16,3', 'dropFirst=1']],
    ['rank-interaction', ['rank-interaction', `model=${bert}`, 'ids=2,13,14,15,16,3', 'lastLayer=0', 'head=2']],
    ['rank-zoo, weights only', ['rank-zoo', `model=${bert}`, 'weights=1', 'lastLayer=1']],
  ];
  it.each(cases)('%s', (_, args) => {
    const headless = lab(args),
      cli = native(args);
    expect(headless.status, headless.stderr).toBe(0);
    expect(cli.status, cli.stderr).toBe(0);
    expectClose(JSON.parse(cli.stdout), JSON.parse(headless.stdout));
  });

  it.each([
    [['rank-zoo', `model=${bert}`, 'ids=2,3', 'lastLayer=9'], /^attnlab: lastLayer: 9 is beyond the model's 2 layers/],
    [['rank-zoo', `model=${bert}`, 'ids=2,x'], /^attnlab: ids: 'x' is not a token id/],
    [['rank-zoo', `model=${bert}`, 'weights=2'], /^attnlab: weights: '2' is not 0 or 1/],
    [['rank-zoo', `model=${bert}`, 'ids=2,3', 'text=a'], /^attnlab: model: give text= or ids=, not both/],
  ])('both hosts refuse %j by name', (args, message) => {
    for (const out of [lab(args), native(args)]) {
      expect(out.status).toBe(2);
      expect(out.stderr).toMatch(message);
    }
  });
});
