// SPDX-License-Identifier: Apache-2.0
// rank-interaction explanation: visible logits, r(τ), the residual bounds and the combined certificate.
import { bandHtml, panel, REDUCTION_CLAIM, sourceHtml, TAU_CLAIM, tex, rankClaimsHtml } from '../family-explain';

export function explain(): HTMLElement {
  return panel([
    `<p><strong>Only centred logits are visible.</strong> Softmax ignores a constant added ` +
      `to a row, so only ${tex('L_c = L\\,(I - \\tfrac1n \\mathbf 1\\mathbf 1^\\top)')} ` +
      `matters; its rank ${tex('r_{\\text{vis}}')} is the interaction dimension ` +
      `(for ${tex('L = QK^\\top')}, ${tex('r_{\\text{vis}} \\le d_h')}). From an attention ` +
      `matrix alone, ${tex('L_c')} is the row-centred ${tex('\\log P')}.</p>`,
    `<p><strong>Truncation.</strong> With ${tex('L^{(r)}')} the rank-r truncation of ${tex('L_c')} ` +
      `and ${tex('\\Delta = L_c - L^{(r)}')}, the softmax perturbation bound gives</p>`,
    tex(
      '\\max_i \\|P_i - P^{(r)}_i\\|_1 = e(r) \\le 2\\tanh\\!\\Big(\\tfrac{\\max_i ' +
        '\\operatorname{osc}_j \\Delta_{ij}}{4}\\Big) = b_{\\text{osc}}(r) \\le ' +
        '2\\tanh\\!\\Big(\\tfrac{\\sigma_{r+1}(L_c)}{2}\\Big) = b_{\\text{sig}}(r).',
      true,
    ),
    `<p>The tolerance-indexed dimension ${tex('r(\\tau) = \\#\\{l : \\sigma_l(L_c) > \\tau\\}')} ` +
      `therefore guarantees an output error ${tex('\\le 2\\tanh(\\tau/2)')}; the ` +
      `raw ${tex('r_{\\text{raw}}(\\tau)')} of the uncentred L is never smaller. The ` +
      `<strong>combined certificate</strong> (logit truncation + Chebyshev) joins a truncation with ` +
      `Chebyshev interpolation: ${tex('\\operatorname{rank}_\\varepsilon(P) \\le \\binom{g+r}{r}')} ` +
      `whenever ${tex('e(r) + \\mathrm{chebErr}(L^{(r)}, g) \\le \\varepsilon')}.</p>`,
    bandHtml(),
    '<p class="zoo-only">The zoo heads are a deterministic synthetic stand-in with 7 families (generic, ' +
      'low-rank, positional, sink, key bias, sharp, broad); they are <strong>not</strong> ' +
      'heads of BERT or any trained model. Your own head (Q and K, attention or logits) is ' +
      'analysed the same way and never leaves this page or enters a link.</p>',
    rankClaimsHtml([TAU_CLAIM, REDUCTION_CLAIM]),
    sourceHtml(),
  ]);
}
