// SPDX-License-Identifier: Apache-2.0
// rmt-spectrum explanation: the bulk law, its edges and the outlier (docs/theory/rmt.md#bulk-law, #sample-spike), in
// KaTeX.
import { modelHtml, panel, provenanceHtml, tex } from '../family-explain';

export function explain(): HTMLElement {
  return panel([
    modelHtml(),
    `<p><strong>Bulk.</strong> The spectrum of S is ${tex('\\kappa\\,\\nu')} ` +
      `with ${tex('\\nu = \\mathrm{MP}_\\delta \\boxtimes \\mathrm{MP}_\\gamma')}. Its density ` +
      `comes from the root ${tex('t')} with ${tex('\\operatorname{Im} t < 0')} of the cubic</p>`,
    tex(
      '\\delta\\gamma\\, t^3 + (\\delta+\\gamma+\\delta\\gamma)\\, t^2 + (1+\\delta+\\gamma-\\zeta)\\, ' +
        't + 1 = 0, \\qquad f_\\nu(\\zeta) = -\\frac{\\operatorname{Im} t}{\\pi \\zeta},',
      true,
    ),
    `<p>and its edges are ${tex('\\lambda_\\pm = Z(t_\\pm)')} ` +
      `with ${tex('Z(t) = (1+t)(1+\\delta t)(1+\\gamma t)/t')} at the critical points of Z.</p>`,
    `<p><strong>Outlier.</strong> With ${tex("\\theta' = \\rho - \\delta")} ` +
      `and ${tex("P(\\theta') = \\theta'^3 - (\\delta+\\gamma+\\delta\\gamma)\\theta' - 2\\delta\\gamma")}, ` +
      `a sample spike exists when ${tex("\\theta'")} exceeds the positive root of P; then</p>`,
    tex(
      "\\lambda_S = \\kappa\\,\\frac{(\\theta'+1)(\\theta'+\\delta)(\\theta'+\\gamma)}{\\theta'^2}, " +
        "\\qquad |u_S^\\top u|^2 = \\frac{P(\\theta')}{\\theta'^2(\\theta'+\\gamma)}.",
      true,
    ),
    `<p>Below it the top eigenvalue sticks to ${tex('\\kappa\\lambda_+')} and the overlap ` +
      `vanishes, even when the population covariance already has a spike ` +
      `(${tex('\\rho > \\delta + \\sqrt\\delta')}): that gap is the two-transition window.</p>`,
    `<p>The theory (the solid curve and the triangles on the top edge) is recomputed by the ` +
      `core as you move a control; the histogram keeps the last run until you press Run.</p>`,
    provenanceHtml(
      'With the raw table B, the theory uses the realised finite-vocabulary offsets where the readout says so.',
    ),
  ]);
}
