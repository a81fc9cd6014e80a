// SPDX-License-Identifier: Apache-2.0
// A small study over a corpus in the merged shape (wasm/core/lab/model_study.hpp), with awkward values: doubles that
// need all 17 digits, text with a comma and quotes, missing values, rows with different keys. For the tests of the
// study's CSV, its view and its file.
import type { CorpusStudy, StudyHead } from '../../web/src/state/study-file';

const spread = (mean: number, sd: number, min: number, max: number) => ({ mean, sd, min, max });
const head = (layer: number, index: number, mean: number): StudyHead => ({
  layer,
  head: index,
  rows: 1,
  energy90: spread(mean, 0.1 + 0.2, 1e-300, 2 ** 53 - 1),
  rEffVis: spread(1 / 3, 0, 1, 2),
  kSvd: spread(12.5, Math.SQRT2, 7, 19),
});

export const smallStudy: CorpusStudy = {
  windows: [{ n: 8, window: 0, ids: [101, 7, 102] }],
  rows: [
    { family: 'L0H1', layer: 0, head: 1, energy90: 3, antisymmetry: 0.7071067811865476, nonVacuous: true, n: 8 },
    { family: 'odd, "name"', layer: 1, head: 0, energy90: null, eps: 0.05, window: 0, combRank: null },
  ],
  heads: [head(0, 1, 2.6666666666666665), head(1, 0, 5)],
  association: {
    rows: 2,
    heads: 2,
    spearman: null,
    bootstraps: 1000,
    interval: null,
    reference: { spearman: 0.574, source: 's' },
  },
  bands: { energy90: { low: 2, high: 11, of: 'row-centred logits', source: 'Lee' } },
};
