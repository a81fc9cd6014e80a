// SPDX-License-Identifier: Apache-2.0
// Explanation panel: what is tested, the spread and gap conditions, the JL bound, and the caveat.
import { explainPanel } from '../family-explain';

export const explain = () =>
  explainPanel([
    [
      'p',
      'For each sequence length n a sparse pattern A is sampled; d is scanned upwards (a fresh ' +
        'random projection at each d) and the first d at which the self-attention matrix M satisfies ' +
        'both conditions is d_min. The paper asks whether d_min grows like log n; the fit is',
    ],
    // \text{min}, not \min: KaTeX puts \min's <mi> and its function-application <mo> straight into <msub>, which
    // Firefox rejects.
    ['tex', 'd_{\\text{min}} \\approx a + b \\ln n.'],
    ['conditions'],
    ['theorem'],
    ['caveat'],
    ['reference'],
  ]);
