// SPDX-License-Identifier: Apache-2.0
// @vitest-environment happy-dom
// A model run compared and reproduced honestly: the faded previous run (ui/results/ghost.ts) is drawn only behind a run
// on the same heads' source (the same model and text, the same files, or the experiment's own synthetic heads), and the
// "Reproduce elsewhere" line of a model run (state/command-line.ts) is one the headless runner reads back as the same
// model, text and choices, without the Q·K scale or q=/k= files.
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../web/src/engine/core';
import { loadCoreNode } from '../../web/src/engine/load-node';
import { modelWords } from '../../web/src/engine/model-headless';
import { EXPERIMENTS } from '../../web/src/experiments';
import { defaults, type ExperimentMeta, type ParamValues } from '../../web/src/experiments/schema';
import { lineChart, type Series } from '../../web/src/plots';
import { labCommand, modelRunArgs } from '../../web/src/state/command-line';
import { GhostMemory, sourceKey } from '../../web/src/ui/results/ghost';

const meta = (id: string) => EXPERIMENTS.find((m) => m.id === id) as ExperimentMeta;
const series = (shift: number): Series[] => [{ label: 'a', points: [1, 2, 3].map((x) => ({ x, y: x + shift })) }];
const drawn = (shift: number) => {
  const body = document.createElement('div');
  body.append(lineChart(series(shift), { width: 400 }));
  return [{ id: 'f', body }];
};
const model = { name: 'BertModel', hash: '0123456789abcdef', text: 'the cat sat on the mat', dropFirst: false };

describe('the faded previous run and the heads’ source', () => {
  const m = meta('rank-zoo');
  const at = (tau: number): ParamValues => ({ ...defaults(m), tau });

  it('is drawn behind a run on the same source only', () => {
    const sources = [
      sourceKey(undefined, undefined),
      sourceKey('q.npy,k.npy', undefined),
      sourceKey(undefined, model),
      sourceKey(undefined, { ...model, text: 'another text' }),
      sourceKey(undefined, { ...model, lastLayer: 0 }),
      sourceKey(undefined, { ...model, hash: 'fedcba9876543210' }),
    ];
    expect(new Set(sources).size).toBe(sources.length);
    for (const before of sources)
      for (const now of sources) {
        const memory = new GhostMemory();
        memory.prepare(m, at(1), before);
        memory.remember(m, at(1), drawn(0), before);
        memory.prepare(m, at(2), now);
        expect(memory.ghostFor('f') !== undefined).toBe(before === now);
      }
  });

  it('ignores the text of a weights-only run (no text is read)', () => {
    expect(sourceKey(undefined, { ...model, weights: true })).toBe(
      sourceKey(undefined, { ...model, weights: true, text: 'other' }),
    );
  });
});

describe('reproducing a model run', () => {
  let core: Core;
  beforeAll(async () => {
    core = await loadCoreNode(`${process.cwd()}/web/src/wasm/`); // happy-dom: import.meta.url is no file URL
  });
  const words = (line: string) =>
    execFileSync('sh', ['-c', `printf '%s\\0' ${line}`], { encoding: 'utf8' })
      .split('\0')
      .slice(0, -1);

  for (const id of ['rank-zoo', 'rank-interaction']) {
    it(`${id}: the line reads back as the model, its text and choices, with no scale nor files`, () => {
      const m = meta(id);
      const scaleKey = m.params.find((p) => p.key === 'scale') ? 'scale' : undefined;
      const values = { ...defaults(m), seed: 3, ...(scaleKey ? { [scaleKey]: 1 } : {}) };
      const link = { ...model, text: "it's a “quoted” text; $HOME", dropFirst: true, lastLayer: 1, folder: 'bert f32' };
      const args = words(labCommand(modelRunArgs(m, values, link))).slice(4);
      expect(args[0]).toBe(id);
      expect(args.some((a) => /^(scale|q|k)=/.test(a))).toBe(false);
      expect(args).toContain('seed=3');
      const read = modelWords(core, args.slice(1))!;
      expect(read).toMatchObject({
        folder: 'bert f32',
        text: link.text,
        dropFirst: true,
        lastLayer: 1,
        weights: false,
      });
      const weights = modelWords(
        core,
        words(labCommand(modelRunArgs(m, values, { ...link, weights: true }))).slice(5),
      )!;
      expect(weights.weights).toBe(true);
    });
  }
});
