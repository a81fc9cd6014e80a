// SPDX-License-Identifier: Apache-2.0
// rank-n explanation: the min{n, ·} form and pooling monotonicity (docs/theory/rank.md#pooling-monotonicity,
// #sphere-lower, #rank-vs-n).
import { bandHtml, definitionsHtml, panel, sourceHtml, tex, rankClaimsHtml } from '../family-explain';

export function explain(): HTMLElement {
  return panel([
    definitionsHtml(),
    `<p><strong>Saturation.</strong> The law has the ` +
      `form ${tex('\\min\\{n, (1+\\beta)^{(d-1)/2}\\}')}: with few tokens every one needs its own ` +
      `dimension (k ≈ n, the dashed diagonal), and beyond about ${tex('(1+\\beta)^{(d-1)/2}')} ` +
      `tokens new points add nothing. The reason is pooling: merging duplicate or nearby keys never ` +
      `raises the ε-rank, so m well-separated clusters of n/m copies have the rank of m points.</p>`,
    '<p>Each n takes the first n points of one sequence of draws, so a larger n only adds points.</p>',
    bandHtml(),
    rankClaimsHtml(),
    sourceHtml(),
  ]);
}
