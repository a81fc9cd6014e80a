// SPDX-License-Identifier: Apache-2.0
// rank-zoo on uploaded heads: a model's heads ("L3H5") are drawn as per-layer means, not one bar per head, and
// exported with their label in a `head` column (the zoo's export keeps `family`).
import { describe, expect, it } from 'vitest';
import type { RankZooResult } from '../../web/src/experiments/generated/rank-zoo';
import { figures } from '../../web/src/experiments/rank/rank-zoo/view';

const row = (family: string, lowerBound: number, kSvd: number) => ({
  family,
  variant: 0,
  betaMult: 1,
  rVis: 3,
  rRawTau: 4,
  rVisTau: 3,
  rEffRaw: 2,
  rEffVis: 2,
  kSvd,
  lowerBound,
  lowerBoundPoolData: 0,
  kComb: 10,
  combRank: 2,
  combDegree: 3,
  nonVacuous: true,
  reductionTau: 1,
  reductionEff: 0,
  svdError: 0.05,
  combError: 0.05,
});

/** A result of `rows`: uploaded heads (a model's or files'), or the zoo's when `synthetic`. */
const resultOf = (rows: ReturnType<typeof row>[], synthetic = false) =>
  ({
    rows,
    families: [],
    meanReductionTau: 1,
    meanReductionEff: 0,
    fractionEffPositive: 0,
    spearman: [],
    source: synthetic ? 'synthetic zoo (a stand-in, not BERT)' : 'uploaded heads',
    synthetic,
    tau: 1,
    epsOut: 0.05,
    eps: 0.1,
    jobsDone: rows.length,
    jobsTotal: rows.length,
  }) as unknown as RankZooResult;

describe('rank-zoo group chart', () => {
  it('averages uploaded heads per layer, one row per layer and temperature', () => {
    const r = resultOf([row('L0H0', 2, 10), row('L0H1', 4, 14), row('L1H0', 6, 20)]);
    const families = figures(r).find((f) => f.id === 'families')!;
    expect(families.title).toBe('Per-layer means of your heads');
    expect(families.table()).toEqual({
      columns: ['layer', 'beta_mult', 'heads', 'lower_bound', 'k_svd'],
      rows: [
        ['layer 0', 1, 2, 3, 12],
        ['layer 1', 1, 1, 6, 20],
      ],
    });
  });
});

describe('rank-zoo group chart title', () => {
  const titleOf = (r: RankZooResult, modelName?: string) => figures(r, {}, modelName).find((f) => f.id === 'families')!;

  it("names the model whose heads were read; files' heads stay the reader's; the zoo's stay families", () => {
    const own = resultOf([row('L0H0', 2, 10)]);
    expect(titleOf(own, 'bert-base-uncased').title).toBe('Per-layer means of the heads of bert-base-uncased');
    expect(titleOf(own, 'BertModel').title).toBe('Per-layer means of the heads of BertModel');
    expect(titleOf(own).title).toBe('Per-layer means of your heads');
    const zoo = titleOf(resultOf([row('sink', 2, 10)], true), 'bert-base-uncased').title;
    expect(zoo).toBe('Per-family means (synthetic stand-in, not BERT)');
  });
});

describe('rank-zoo per-head export', () => {
  const tables = (r: RankZooResult) =>
    figures(r)
      .filter((f) => f.id === 'heads' || f.id === 'reduction')
      .map((f) => f.table());

  it("names the column of a model's or uploaded head's label (L3H5) head, with no zoo variant", () => {
    const r = resultOf([row('L0H10', 2, 10), row('L0H2', 4, 14)]);
    for (const table of tables(r)) {
      expect(table.columns[0]).toBe('head');
      expect(table.columns).not.toContain('family');
      expect(table.columns).not.toContain('variant');
      expect(table.rows.map((cells) => cells[0])).toEqual(['L0H10', 'L0H2']);
    }
  });

  it("keeps the zoo's export as it was: family and variant first", () => {
    const r = resultOf([row('sink', 2, 10), row('broad', 4, 14)], true);
    for (const table of tables(r)) {
      expect(table.columns.slice(0, 3)).toEqual(['family', 'variant', 'betaMult']);
      expect(table.rows.map((cells) => cells[0])).toEqual(['sink', 'broad']);
    }
  });
});
