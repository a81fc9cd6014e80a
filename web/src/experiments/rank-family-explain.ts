// The pieces every paper-3 explanation repeats (definitions, the band, what is not known, the source),
// typeset with KaTeX; loaded with the explanations, after the first figure.
import { ATTENTION_RANK, referenceHtml } from './references';
import { panel, tex } from './tex';

export { panel, tex };

/** The objects every paper-3 experiment measures: P, the error norm and the ε-rank. */
export function definitionsHtml(): string {
  return [
    `<p>Self-attention of n points: logits ${tex('L = \\beta\\, X X^\\top')} (no ${tex('1/\\sqrt d')}; β is the whole inverse temperature), ${tex('P = \\operatorname{softmax}_{\\text{row}}(L)')}. The error of an approximation M is the largest row ℓ1 norm, which is exactly the worst output error over all values in [−1, 1]:</p>`,
    tex('\\|P - M\\|_{\\infty\\to\\infty} = \\max_i \\sum_j |P_{ij} - M_{ij}|, \\qquad \\operatorname{rank}_\\varepsilon(P) = \\min\\{\\operatorname{rank} M : \\|P - M\\|_{\\infty\\to\\infty} \\le \\varepsilon\\}.', true),
  ].join('');
}

/** The certificate band: rigorous lower bounds below, constructive upper certificates above. */
export function bandHtml(): string {
  return [
    '<p>The lab never reports “the” ε-rank: it shows a <strong>band</strong>. Above, constructive certificates whose error is recomputed from the matrix they return: ',
    `the <strong>truncated SVD certificate</strong>, the smallest k whose truncated SVD is within ε; the <strong>Chebyshev certificate</strong>, a per-row Chebyshev interpolation of ${tex('e^x')} of degree g on each row’s logit range, whose approximation lies in a space of dimension D(g) (sphere: ${tex('\\binom{g+d-1}{d-1}+\\binom{g+d-2}{d-1}')}). `,
    'Below, rigorous lower bounds: the <strong>Frobenius tail</strong> bound (the tail of the singular values), the <strong>diagonal dominance</strong> bound (a diagonally dominant submatrix), and the two <strong>pooled keys</strong> bounds (the same two after pooling keys into well-separated cells, the cells drawn from the geometry or from the data). The true ε-rank lies between the largest lower bound and the smallest upper certificate.</p>',
  ].join('');
}

/** What is not known, in plain words (shown in every paper-3 panel). */
export function unknownsHtml(extra: string[] = []): string {
  const items = [
    'The paper’s full text could not be read. Its theorem constants, the temperature β₀(d, ε) and constant C_d of the ball law, its upper construction, and whether its sphere bound avoids a log n factor are unknown; the laws drawn here are the stated exponents with a constant fitted to the data.',
    'The certificates and bounds are this lab’s reconstruction (each one proved or checked here), not the paper’s own algorithms.',
    ...extra,
  ];
  return `<div class="caveat"><p><strong>What is not known.</strong></p><ul>${items.map((t) => `<li>${t}</li>`).join('')}</ul></div>`;
}

export const TAU_UNKNOWN = 'The “tolerance-indexed SVD dimension” is read here as r(τ) = #{σ_l(L_c) > τ} in nats, which guarantees an output error of at most 2·tanh(τ/2); the paper may normalise σ differently (by σ₁ or by √n), hence the toggle.';
export const REDUCTION_UNKNOWN = 'The “effective-dimension reductions” and their “positive association with finite constructive certificates” are read as raw minus visible (row-centred) dimension, associated by Spearman’s ρ with the certificates; this is a reconstruction, and the synthetic zoo gives weak positive values, not the paper’s numbers.';
export const BERT_UNKNOWN = 'The paper’s 84-head BERT-base calibration set (which heads, which text, which sequence length and temperatures) is unknown, and no trained model ships with this lab: only your own heads can stand in for it.';
export const BALL_UNKNOWN = 'The uniform ball is not what the β^{d/2} law is about: the law needs the Gaussian lift with its e^{β/8} token multiplicities.';

export const sourceHtml = () => referenceHtml(ATTENTION_RANK);
