// SPDX-License-Identifier: Apache-2.0
// rank-ladder explanation: the truncated SVD, Chebyshev and ℓ1 refit certificates and
// the lower bounds on one instance.
import { bandHtml, definitionsHtml, panel, sourceHtml, tex, rankClaimsHtml } from '../family-explain';

export function explain(): HTMLElement {
  return panel([
    definitionsHtml(),
    `<p>The <strong>truncated SVD</strong> certificate scans k upwards with rank-one downdates of one ` +
      `residual, ${tex('R_k = R_{k-1} - (P v_k) v_k^\\top')}, and takes the first k ` +
      `with ${tex('\\|R_k\\|_{\\infty\\to\\infty} \\le \\varepsilon')}. The <strong>Chebyshev</strong> ` +
      `certificate interpolates ${tex('x \\mapsto e^{x - \\max_j L_{ij}}')} on each row’s logit range at the ` +
      `g+1 Chebyshev nodes; its error is ${tex('\\mathrm{chebErr}(g)')} and its rank at most D(g). The ` +
      `<strong>ℓ1 refit</strong> keeps the truncated SVD’s row space and refits each violating row in the ℓ1 ` +
      `norm (iteratively reweighted least squares), which lowers the truncated SVD’s rank by about 10%.</p>`,
    bandHtml(),
    '<p>The ratio upper ÷ lower is the width of the band; across the reference grid its median is about 2.6.</p>',
    rankClaimsHtml(),
    sourceHtml(),
  ]);
}
