// SPDX-License-Identifier: Apache-2.0
// rmt-transition explanation: the two thresholds and the overlaps (docs/theory/rmt.md#population-spike, #sample-spike),
// in KaTeX.
import { modelHtml, panel, provenanceHtml, tex } from '../family-explain';

export function explain(): HTMLElement {
  return panel([
    modelHtml(),
    `<p><strong>First transition (population).</strong> With infinitely many sequences the ` +
      `covariance is ${tex('\\kappa(\\widetilde W + \\rho\\, uu^\\top)')}, a spike ` +
      `on ${tex('\\mathrm{MP}_\\delta')}; it separates when ${tex('\\rho > \\delta + \\sqrt\\delta')}, ` +
      `with overlap ${tex("|u_{pop}^\\top u|^2 = 1 - \\delta/\\theta'^2")} ` +
      `(dashed), ${tex("\\theta' = \\rho - \\delta")}.</p>`,
    `<p><strong>Second transition (sample).</strong> With N = d/γ sequences the top eigenvector ` +
      `of S sees the signal only when ${tex("\\theta' > \\theta'_c")}, the positive root ` +
      `of ${tex("P(\\theta') = \\theta'^3 - (\\delta+\\gamma+\\delta\\gamma)\\theta' - 2\\delta\\gamma")}:</p>`,
    tex(
      "|u_S^\\top u|^2 = \\frac{P(\\theta')}{\\theta'^2(\\theta'+\\gamma)}, \\qquad " +
        "\\frac{\\lambda_1}{\\kappa} = \\frac{(\\theta'+1)(\\theta'+\\delta)(\\theta'+\\gamma)}{\\theta'^2}.",
      true,
    ),
    `<p>The thresholds are fixed in ρ; in ‖μ‖² they sit at ${tex('\\rho\\,\\kappa/\\alpha')}, so a ` +
      `pooling with a larger gain α/κ crosses them earlier. The optimal weights (top eigenvector of R) ` +
      `maximise α/κ. Only the top eigenpair is computed per simulation (Lanczos on the pooled vectors), ` +
      `one simulation per seed, pooling and ‖μ‖², spread over the parallel workers of this page.</p>`,
    provenanceHtml(),
  ]);
}
