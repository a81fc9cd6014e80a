// SPDX-License-Identifier: Apache-2.0
// attention-map explanation: the definitions behind the three figures (docs/theory/rank.md#definitions), in KaTeX.
import { ATTENTION_RANK, referenceHtml } from '../references';
import { tex } from '../tex';

export function explain(): HTMLElement {
  const panel = document.createElement('section');
  panel.className = 'explain';
  panel.innerHTML = [
    `<p>n points x<sub>i</sub> ∈ ℝ<sup>d</sup> are sampled ` +
      `(sphere, ball or Gaussian lift) and attend to each other:</p>`,
    tex('P_{ij} = \\frac{\\exp(\\beta\\, x_i \\cdot x_j)}{\\sum_l \\exp(\\beta\\, x_i \\cdot x_l)}', true),
    `<p>At ${tex('\\beta = 0')} every row is uniform and P has rank one; as β grows each row ` +
      `concentrates on the nearest points and the spectrum spreads out. For points on the ` +
      `sphere, Sui and Zhang's sphere law says the ε-rank (the smallest rank of a matrix within ` +
      `ε of P in every row's ℓ1 norm) grows like ${tex('\\min\\{n, (1+\\beta)^{(d-1)/2}\\}')} ` +
      `(constants unknown; the dashed rule marks that scale).</p>`,
    `<p><strong>Effective rank</strong> ${tex('= \\exp\\big(-\\sum_k p_k \\ln p_k\\big)')} ` +
      `with ${tex('p_k = \\sigma_k / \\sum_l \\sigma_l')}: 1 for a rank-one matrix, n for a ` +
      `flat spectrum.</p>`,
    `<p><strong>Row entropy</strong> ${tex('H(P_i) = -\\sum_j P_{ij} \\ln P_{ij}')} ` +
      `is at most ${tex('\\ln n')}, reached only by a uniform row.</p>`,
    referenceHtml(ATTENTION_RANK),
  ].join('');
  return panel;
}
