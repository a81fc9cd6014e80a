// SPDX-License-Identifier: Apache-2.0
// rmt-weights explanation: optimal and causal weights (docs/theory/rmt.md#optimal-weights, #causal-weights), in KaTeX.
import { panel, provenanceHtml, tex } from '../family-explain';

// A subscript \text{max}, not \max: KaTeX puts \max's <mi> and its function-application <mo> straight into <msub>.
export function explain(): HTMLElement {
  return panel([
    `<p>Every recovery quantity depends on the weights only through the Rayleigh ` +
      `quotient ${tex('\\alpha/\\kappa = w^\\top R w / w^\\top w')}, so the best pooling ` +
      `is the top eigenvector of R, with gain ${tex('\\lambda_{\\text{max}}(R)')}.</p>`,
    `<p><strong>Causal attention.</strong> With Q = K = V = I and ` +
      `scores ${tex('(\\tau/d)\\, x_i^\\top x_j')} for ${tex('j \\le i')}, distinct tokens are ` +
      `nearly orthogonal and ${tex('\\|x\\|^2/d \\to 1')}, so the attention is deterministic ` +
      `and the pooled vector ${tex('c = \\tfrac1T \\sum_i y_i')} has weights</p>`,
    tex(
      'w_j(\\tau) = \\frac1T\\Big[\\frac{e^\\tau}{e^\\tau + j - 1} + \\sum_{i=j+1}^{T} ' +
        '\\frac{1}{e^\\tau + i - 1}\\Big], \\qquad w_j(0) = \\frac{H_T - H_{j-1}}{T}.',
      true,
    ),
    `<p>For the prefix model ${tex('R = \\mathrm{blockdiag}(J_k, I_{T-k})')}: mean ` +
      `pooling has ${tex('\\alpha/\\kappa = 1 + k(k-1)/T')}, the optimal one ${tex('k')}, ` +
      `the harmonic one a closed form in ${tex('H_T - H_k')} (table). Harmonic beats mean ` +
      `exactly when early tokens carry more signal (a short prefix).</p>`,
    provenanceHtml(
      'The paper is summarised elsewhere as giving weights proportional to ' +
        'H<sub>T−1</sub> − H<sub>t−1</sub>; the standard construction gives ' +
        'H<sub>T</sub> − H<sub>t−1</sub> (1-indexed), which the simulation confirms.',
    ),
  ]);
}
