// SPDX-License-Identifier: Apache-2.0
// rank-beta explanation: the sphere and ball laws, the slope fit, the caveats.
import { bandHtml, BALL_CLAIM, definitionsHtml, panel, sourceHtml, tex, rankClaimsHtml } from '../family-explain';

export function explain(): HTMLElement {
  return panel([
    definitionsHtml(),
    `<p><strong>The laws.</strong> On the sphere ${tex('S^{d-1}')} the paper states ` +
      tex(
        '\\operatorname{rank}_\\varepsilon(P) = ' +
          '\\Theta_{d,\\varepsilon}\\big(\\min\\{n, (1+\\beta)^{(d-1)/2}\\}\\big)',
      ) +
      `; for the full ball ${tex('\\Theta(\\beta^{d/2})')} once ${tex('\\beta \\ge \\beta_0')} ` +
      `and ${tex('n \\ge C_d\\, e^{\\beta/8}')}. The Gaussian lift realises that condition: points in the ball ` +
      `of radius ½ with key log-weights ${tex('-\\beta|x_j|^2/2')} (duplicated tokens), which turns P into a ` +
      'row-normalised Gaussian kernel.</p>',
    `<p><strong>The slope.</strong> The fitted slope is the least-squares slope ` +
      `of ${tex('\\ln k')} against ${tex('\\ln\\beta')} over β = 8, 16, 32, 64, keeping only points ` +
      `with ${tex('k \\le n/2')} (saturated points would flatten it). The dashed guides have ` +
      `slopes ${tex('(d-1)/2')} and ${tex('d/2')} and pass through k_svd at the β nearest 16.</p>`,
    bandHtml(),
    rankClaimsHtml([BALL_CLAIM]),
    sourceHtml(),
  ]);
}
