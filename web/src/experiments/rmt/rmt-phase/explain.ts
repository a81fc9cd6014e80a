// SPDX-License-Identifier: Apache-2.0
// rmt-phase explanation: the two thresholds as curves (docs/theory/rmt.md#population-spike, #sample-spike,
// #phase-diagram), in KaTeX.
import { panel, provenanceHtml, tex } from '../family-explain';

export function explain(): HTMLElement {
  return panel([
    `<p>Theory only: nothing is simulated. The population ` +
      `threshold ${tex('\\rho_{pop} = \\delta + \\sqrt\\delta')} comes from an additive spike ` +
      `on ${tex('\\mathrm{MP}_\\delta')}; the sample threshold ${tex("\\rho_c = \\delta + \\theta'_c")}, ` +
      `with ${tex("\\theta'_c")} the positive root of</p>`,
    tex("P(\\theta') = \\theta'^3 - (\\delta+\\gamma+\\delta\\gamma)\\,\\theta' - 2\\delta\\gamma,", true),
    `<p>always lies above it (${tex("\\theta'_c > \\max(\\sqrt\\delta, \\sqrt\\gamma)")}). ` +
      `Between the two curves the population covariance has a spike that the finite sample cannot ` +
      `see. The current parameters give ${tex('\\rho = \\alpha\\|\\mu\\|^2/\\kappa')}, the dot; ` +
      `the map shows ${tex("|u_S^\\top u|^2 = P(\\theta')/(\\theta'^2(\\theta'+\\gamma))")}.</p>`,
    provenanceHtml(),
  ]);
}
