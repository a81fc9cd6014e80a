// SPDX-License-Identifier: Apache-2.0
// @vitest-environment happy-dom
// rank-zoo's head atlas on a model's weights only (experiments/rank/rank-zoo/atlas-quantities.ts, view.ts): coloured by
// energy90 (first) or antisymmetry, each with its unit and what to read it against (Lee's 38–75 for W_Qᵀ W_K, 1/√2
// for a random matrix); on a model's text both of Lee's bands are named; on the zoo neither is offered.
import { describe, expect, it } from 'vitest';
import type { RankZooResult } from '../../web/src/experiments/generated/rank-zoo';
import { zooQuantities } from '../../web/src/experiments/rank/rank-zoo/atlas-quantities';
import { figures } from '../../web/src/experiments/rank/rank-zoo/view';
import { measuredValues } from '../../web/src/ui/run/run-input';

type Row = RankZooResult['rows'][number];

/** A row of head L<layer>H<head>, its ranks plain, its energy90 and antisymmetry as given. */
const row = (layer: number, head: number, energy90: number | null, antisymmetry: number | null): Row => ({
  family: `L${layer}H${head}`,
  variant: 0,
  betaMult: 1,
  ...{ rVis: 4, rRawTau: 4, rVisTau: 3, rEffRaw: 4, rEffVis: 3, kSvd: 5, lowerBound: 2, lowerBoundPoolData: 1 },
  ...{ kComb: 5, combRank: null, combDegree: null, nonVacuous: true, reductionTau: 1, reductionEff: 1 },
  ...{ svdError: 0.01, combError: 0.02, layer, head, energy90, antisymmetry },
});

const result = (rows: Row[]): RankZooResult => ({
  rows,
  families: [],
  meanReductionTau: 1,
  meanReductionEff: 1,
  fractionEffPositive: 1,
  spearman: [],
  source: 'uploaded heads',
  synthetic: false,
  tau: 1,
  epsOut: 0.05,
  eps: 0.1,
  jobsDone: rows.length,
  jobsTotal: rows.length,
});

const weights = result([row(0, 0, 41, 0.69), row(0, 1, 57, 0.72), row(1, 0, 63, 0.7), row(1, 1, 40, 0.71)]);

/** The atlas figure of `r` drawn in the page. */
function atlasOf(r: RankZooResult, bilinear: string): HTMLElement {
  const atlas = figures(r, { bilinear }, 'tiny-llama').find((f) => f.id === 'atlas')!;
  const element = atlas.render({ width: 600 }) as HTMLElement;
  document.body.replaceChildren(element);
  return element;
}

describe('the head atlas of a model’s weights only', () => {
  it('is coloured by energy90 first, read against Lee’s 38–75 for W_Qᵀ W_K, in singular values', () => {
    const atlas = atlasOf(weights, '1');
    const choice = atlas.querySelector<HTMLSelectElement>('#atlas-quantity')!;
    expect([...choice.options].slice(0, 2).map((o) => o.text)).toEqual(['energy90', 'antisymmetry (null 0.707)']);
    expect(choice.value).toBe('energy90');
    const reference = atlas.querySelector('.atlas-reference')!;
    expect(reference.textContent).toBe(
      'Lee (arXiv 2604.04384) measured 38–75 for W_Qᵀ W_K (head width 64 or 128) on five decoder language models.',
    );
    expect(reference.hasAttribute('data-export-text')).toBe(true); // in the SVG and PNG too
    expect(atlas.textContent).toContain('energy90 (singular values): how many hold 90 % of Σσ²');
    const cells = [...atlas.querySelectorAll('g[aria-label="cell"] rect')];
    expect(cells[1].getAttribute('aria-label')).toContain('Layer 0, head 1: energy90 57');
  });

  it('is coloured by antisymmetry against the 1/√2 of a random matrix, as a ratio', () => {
    const choice = atlasOf(weights, '1').querySelector<HTMLSelectElement>('#atlas-quantity')!;
    choice.value = 'antisymmetry';
    choice.dispatchEvent(new Event('change'));
    const atlas = document.querySelector('.head-atlas')!;
    expect(atlas.querySelector('.atlas-reference')!.textContent).toMatch(/^A random matrix gives 1\/√2 ≈ 0\.707/);
    expect(atlas.textContent).toContain('antisymmetry (a ratio, 0 to 1): the antisymmetric part’s size over the whole');
  });

  it('lists energy90 and antisymmetry in its table', () => {
    const table = figures(weights, { bilinear: '1' })
      .find((f) => f.id === 'atlas')!
      .table();
    expect(table.columns.slice(0, 4)).toEqual(['layer', 'head', 'energy90', 'antisymmetry']);
    expect(table.rows[2].slice(0, 4)).toEqual([1, 0, 63, 0.7]);
    const zero = result([row(0, 0, 41, null), row(0, 1, 57, 0.72)]); // a head of zero logits has no antisymmetry
    const unmeasured = figures(zero, { bilinear: '1' })
      .find((f) => f.id === 'atlas')!
      .table();
    expect(unmeasured.rows[0].slice(0, 4)).toEqual([0, 0, 41, '']);
  });
});

describe('the atlas’s choice elsewhere', () => {
  it('on a model’s text keeps r_vis(τ) first and names both of Lee’s bands', () => {
    const atlas = atlasOf(weights, '0');
    expect(atlas.querySelector<HTMLSelectElement>('#atlas-quantity')!.value).toBe('rVisTau');
    const energy = zooQuantities(weights.rows, false).find((q) => q.key === 'energy90')!;
    expect(energy.reference).toContain('2–11 for row-centred logits, and 38–75 for W_Qᵀ W_K');
  });

  it('offers neither when the core measured neither', () => {
    const keys = zooQuantities([row(0, 0, null, null)], true).map((q) => q.key);
    expect(keys).not.toContain('energy90');
    expect(keys).not.toContain('antisymmetry');
  });

  it('knows a model’s weights-only run as bilinear forms, as its run computed them', () => {
    const values = { seed: 1, bilinear: '0' };
    const model = { name: 'm', hash: '', text: '', dropFirst: false };
    expect(measuredValues('rank-zoo', { ...model, weights: true }, values).bilinear).toBe('1');
    expect(measuredValues('rank-zoo', model, values).bilinear).toBe('0');
    expect(measuredValues('rank-n', { ...model, weights: true }, values)).toBe(values);
  });
});
