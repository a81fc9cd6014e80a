// SPDX-License-Identifier: Apache-2.0
// @vitest-environment happy-dom
// The first figure of every experiment outside paper 2 (figures-rmt.test.ts has those), rendered from
// a real core result of the experiment's first preset at small sizes: at most 8 legend rows, no internal
// code in its words, and a snapshot of its marks and words (figure-marks.ts), so no figure changes unseen.
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../web/src/engine/core';
import { loadCoreNode } from '../../web/src/engine/load-node';
import { EXPERIMENTS } from '../../web/src/experiments';
import { defaults, toCoreParams, type ParamValues } from '../../web/src/experiments/schema';
import { setPlotTheme } from '../../web/src/plots/figure-style';
// @ts-expect-error: a plain ES module shared with the e2e suite
import { INTERNAL_CODE, MAX_LEGEND_ROWS } from '../e2e/reader-rules.mjs';
import { legendRows, summary } from './figure-marks';
import { testSets } from './test-sets';

/** Small sizes laid over each first preset (each experiment's declared view set): the figures' structure does not
 * depend on n or the seeds. */
const SETS = testSets();
const WIDTH = 700;

let core: Core;
const firsts: { id: string; element: HTMLElement }[] = [];

beforeAll(async () => {
  core = await loadCoreNode(resolve('web/src/wasm'));
  setPlotTheme(false);
  for (const meta of EXPERIMENTS.filter((m) => m.family !== 'rmt')) {
    const keys = new Set(meta.params.map((p) => p.key));
    const cheap = Object.fromEntries(Object.entries(SETS[meta.id]?.view ?? {}).filter(([k]) => keys.has(k)));
    const values = { ...defaults(meta), ...(meta.presets?.[0]?.values ?? {}), ...cheap } as ParamValues;
    const result = core.run(meta.id, toCoreParams(values));
    const figure = meta.figures(result, values)[0];
    firsts.push({ id: `${meta.id} / ${figure.id}`, element: figure.render({ width: WIDTH }) as HTMLElement });
  }
});

describe('the first figure of every other experiment', () => {
  it('covers the nine experiments of papers 1 and 3 and the attention map', () => {
    expect(firsts.length).toBe(EXPERIMENTS.filter((m) => m.family !== 'rmt').length);
  });

  it('has at most 8 legend rows and no internal code in its words', () => {
    for (const { id, element } of firsts) {
      expect(legendRows(element).length, id).toBeLessThanOrEqual(MAX_LEGEND_ROWS);
      const words = [...element.querySelectorAll('text')].map((t) => t.textContent ?? '').join(' | ');
      expect((INTERNAL_CODE as RegExp).test(words), `${id}: ${words.slice(0, 200)}`).toBe(false);
    }
  });

  it('matches its snapshot (marks, colours and words; no coordinates)', () => {
    expect(Object.fromEntries(firsts.map(({ id, element }) => [id, summary(element)]))).toMatchSnapshot();
  });
});
