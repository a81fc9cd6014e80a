// SPDX-License-Identifier: Apache-2.0
// rank-zoo explanation: the calibration study, the zoo's construction and the association statistics
// (the paper's 84-head calibration, rebuilt on a synthetic zoo).
import { BERT_CLAIM, panel, REDUCTION_CLAIM, sourceHtml, TAU_CLAIM, tex, rankClaimsHtml } from '../family-explain';

export function explain(): HTMLElement {
  return panel([
    '<p class="caveat model-only"><strong>Your model’s heads.</strong> The heads analysed are the ' +
      'model’s you opened, on its text (or its query and key weights only): every row of the table is ' +
      'one of its heads (L3H5: layer 3, head 5), and the atlas lays them out by layer and head. The ' +
      'paper’s 84 heads are BERT-base’s first 7 layers; its numbers are comparable with these only ' +
      'for that model and text.</p>',
    '<p class="caveat zoo-only"><strong>A synthetic stand-in, not BERT.</strong> The paper calibrates on 84 ' +
      'heads of BERT-base. No trained model ships with this lab, so the built-in zoo has 84 deterministic ' +
      'heads of the same layout: 7 families (generic, low-rank, positional, attention sink, key bias, ' +
      'sharp, broad) × 12 variants on 128 tokens with sinusoidal positions, scaled normal features and a ' +
      'common offset, d_h = 64. Its numbers must not be compared with the paper\u2019s. Upload your own ' +
      'heads (Q and K of shape (L, H, n, d_h), for example) to run the same study on them.</p>',
    `<p>For every head and temperature multiplier: the visible rank ${tex('r_{\\text{vis}}')}, the ` +
      `tolerance-indexed dimensions ${tex('r_{\\text{raw}}(\\tau)')} ` +
      `and ${tex('r_{\\text{vis}}(\\tau)')}, the effective dimensions at the output tolerance, the ` +
      `truncated SVD and combined (logit truncation + Chebyshev) certificates at ε and the lower ` +
      `bound. The <em>reductions</em> are raw minus visible; the association is Spearman’s ρ (average ` +
      `ranks for ties) between a reduction and (a) whether the combined certificate is non-trivial ` +
      `(below n), (b) ${tex('-k_{\\text{svd}}')}, (c) ${tex('-\\log k_{\\text{comb}}')}.</p>`,
    rankClaimsHtml([BERT_CLAIM, REDUCTION_CLAIM, TAU_CLAIM]),
    sourceHtml(),
  ]);
}
