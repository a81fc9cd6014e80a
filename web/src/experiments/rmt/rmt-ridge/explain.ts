// SPDX-License-Identifier: Apache-2.0
// rmt-ridge explanation: the downstream protocol (docs/theory/rmt.md#ridge, a guessed protocol), in KaTeX.
import { modelHtml, panel, provenanceHtml, tex } from '../family-explain';

export function explain(): HTMLElement {
  return panel([
    modelHtml(),
    `<p>The label is the latent sequence label y (the shared prefix sign). With unit-norm ` +
      `weights, a ridge classifier is trained on ${tex('N_{tr}')} pooled vectors,</p>`,
    tex('\\beta = \\Big(\\frac{C C^\\top}{N_{tr}} + \\lambda I\\Big)^{-1} \\frac{C y}{N_{tr}},', true),
    `<p>and tested on fresh sequences from the same embedding table: accuracy = mean ` +
      `of ${tex('\\operatorname{sign}(\\beta^\\top c) = y')}. <strong>This figure is simulation ` +
      `only</strong>: no closed-form theory for the accuracy was derived, and the protocol (label, ` +
      `sizes, λ) is a reconstruction — the paper's is unknown. The expected ordering is optimal > ` +
      `causal > mean; mean pooling saturates because the unlabelled tokens add variance along μ.</p>`,
    provenanceHtml(),
  ]);
}
