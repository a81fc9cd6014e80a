// SPDX-License-Identifier: Apache-2.0
// Explanation panel for one pattern (docs/theory/sparse.md#criterion, #construction).
import { explainPanel } from '../family-explain';

export const explain = () =>
  explainPanel([
    [
      'p',
      'Fixed weights, adaptive inputs: W_Q and W_K never change; only the ' +
        'input X is built from the pattern A. B holds the logarithms of A\u2019s ' +
        'nonzeros (shifted by Δ) and zeros elsewhere; a random projection Y gives',
    ],
    [
      'tex',
      'X = [\\,X^{(1)} \\mid X^{(2)}\\,],\\quad X W_Q W_K^\\top X^\\top = X^{(1)} ' +
        'X^{(2)\\top} \\approx B,\\quad M = \\operatorname{softmax}(X^{(1)} X^{(2)\\top}).',
    ],
    ['conditions'],
    ['theorem'],
    ['caveat'],
    ['reference'],
  ]);
