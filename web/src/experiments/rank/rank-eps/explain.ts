// SPDX-License-Identifier: Apache-2.0
// rank-eps explanation: the ε dependence (docs/theory/rank.md#sphere-upper, #rank-vs-eps) and fact F1.
import { bandHtml, definitionsHtml, panel, sourceHtml, tex, rankClaimsHtml } from '../family-explain';

export function explain(): HTMLElement {
  return panel([
    definitionsHtml(),
    `<p><strong>Dependence on ε.</strong> The Chebyshev construction needs ` +
      `degree ${tex('g \\approx \\sqrt{2\\beta\\ln(n/\\varepsilon)}')}, so the heuristic ` +
      `is ${tex('k \\propto (\\beta \\ln(C/\\varepsilon))^{(d-1)/2}')}: a slow growth as ε shrinks, ` +
      `drawn here against ${tex('\\ln(1/\\varepsilon)')}. The ε-rank never increases with ε, and it ` +
      `is 0 once ${tex('\\varepsilon \\ge 1')} (M = 0 has error exactly 1 in every row).</p>`,
    bandHtml(),
    rankClaimsHtml([
      {
        kind: 'quoted',
        text: 'The paper states its laws at fixed ε (Θ<sub>d,ε</sub>) and gives no dependence on ε.',
        basis: 'Sui &amp; Zhang (2026), abstract: so no guide line is drawn against ε here.',
      },
    ]),
    sourceHtml(),
  ]);
}
