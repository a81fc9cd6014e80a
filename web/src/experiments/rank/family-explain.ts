// SPDX-License-Identifier: Apache-2.0
// The pieces every paper-3 explanation repeats (definitions, the band, what is not known, the source),
// typeset with KaTeX; loaded with the explanations, after the first figure.
import { claimsHtml, type Claim } from '../provenance';
import { ATTENTION_RANK, referenceHtml } from '../references';
import { panel, tex } from '../tex';

export { panel, tex };

/** The objects every paper-3 experiment measures: P, the error norm and the ε-rank. */
export function definitionsHtml(): string {
  return [
    `<p>Self-attention of n points: logits ${tex('L = \\beta\\, X X^\\top')} (no ${tex('1/\\sqrt d')}; ` +
      `β is the whole inverse temperature), ${tex('P = \\operatorname{softmax}_{\\text{row}}(L)')}. The ` +
      `error of an approximation M is the largest row ℓ1 norm, which is exactly the worst output error ` +
      `over all values in [−1, 1]:</p>`,
    tex(
      '\\|P - M\\|_{\\infty\\to\\infty} = \\max_i \\sum_j |P_{ij} - M_{ij}|, ' +
        '\\qquad \\operatorname{rank}_\\varepsilon(P) = \\min\\{\\operatorname{rank} ' +
        'M : \\|P - M\\|_{\\infty\\to\\infty} \\le \\varepsilon\\}.',
      true,
    ),
  ].join('');
}

/** The certificate band: rigorous lower bounds below, constructive upper certificates above. */
export function bandHtml(): string {
  return [
    '<p>The lab never reports “the” ε-rank: it shows a <strong>band</strong>. Above, ' +
      'constructive certificates whose error is recomputed from the matrix they return: ',
    `the <strong>truncated SVD certificate</strong>, the smallest k whose truncated SVD is ` +
      `within ε; the <strong>Chebyshev certificate</strong>, a per-row Chebyshev interpolation ` +
      `of ${tex('e^x')} of degree g on each row’s logit range, whose approximation lies in a ` +
      `space of dimension D(g) (sphere: ${tex('\\binom{g+d-1}{d-1}+\\binom{g+d-2}{d-1}')}). `,
    'Below, rigorous lower bounds: the <strong>Frobenius tail</strong> bound (the tail of the ' +
      'singular values), the <strong>diagonal dominance</strong> bound (a diagonally dominant ' +
      'submatrix), and the two <strong>pooled keys</strong> bounds (the same two after pooling ' +
      'keys into well-separated cells, the cells drawn from the geometry or from the data). The ' +
      'true ε-rank lies between the largest lower bound and the smallest upper certificate.</p>',
  ].join('');
}

/** Where each statement of a paper-3 panel comes from (experiments/provenance.ts); `extra`: the experiment's own. */
export function rankClaimsHtml(extra: Claim[] = []): string {
  return claimsHtml([
    {
      kind: 'quoted',
      text:
        `On the sphere the ε-rank of self-attention grows as Θ(min{n, (1+β)<sup>(d−1)/2</sup>}); in ` +
        `the full ball as Θ(β<sup>d/2</sup>) once β ≥ β₀(d, ε) and n ≥ C<sub>d</sub>·e<sup>β/8</sup>.`,
      basis:
        'Sui &amp; Zhang (2026), abstract. The constants (β₀, C<sub>d</sub> and those of Θ) are not ' +
        'stated there: every guide line uses the stated exponent with a constant fitted to the points.',
    },
    {
      kind: 'derived',
      text:
        'The band: the truncated SVD and Chebyshev certificates (their error recomputed from the ' +
        'matrix they return) and the four lower bounds (each proved in docs/theory/rank.md).',
      basis:
        'Tests: on 200 random cases every lower bound is at most both certificates and every ' +
        'recomputed error at most ε; the sphere reference tables (d = 2, 3; n = 256, 512) and spot ' +
        'checks are matched exactly (tests/cpp/test_rank_certificates.cpp, test_rank_reference.cpp). ' +
        'These are attnlab’s certificates, not the paper’s own constructions.',
    },
    {
      kind: 'choice',
      text:
        'The full-ball law is read as the Gaussian lift: points in the ball of radius ½ with key weights ' +
        'exp(−β|x|²/2), the construction that gives the paper’s n ≥ C<sub>d</sub>·e<sup>β/8</sup>.',
      basis: 'Parameter “Geometry” (default: unit sphere); the uniform ball is offered for contrast.',
    },
    ...extra,
  ]);
}

export const TAU_CLAIM: Claim = {
  kind: 'choice',
  text:
    'The “tolerance-indexed SVD dimension” is read as r(τ) = #{σ<sub>l</sub>(L<sub>c</sub>) ' +
    '&gt; τ}, which guarantees an output error of at most 2·tanh(τ/2).',
  basis:
    'The guarantee is derived here and tested (the measured error never exceeds it on any zoo ' +
    'head or random case: tests/cpp/test_rank_interaction.cpp, test_rank_certificates.cpp); how ' +
    'τ is scaled is parameter “τ normalisation” (default: raw nats).',
};
export const REDUCTION_CLAIM: Claim = {
  kind: 'choice',
  text:
    'The paper’s “modest effective-dimension reductions” and their “positive association ' +
    'with finite constructive certificates” are read as raw minus visible (row-centred) ' +
    'dimension, associated with the certificates by Spearman’s rank correlation.',
  basis:
    'A reading of the abstract; tested on the synthetic heads: there the reduction is never negative ' +
    '(tests/cpp/test_rank_interaction.cpp). On a trained model’s heads the effective reduction (at the ' +
    'output tolerance) can be negative, −1 in the table. The synthetic zoo’s values are not the paper’s numbers.',
};
export const BERT_CLAIM: Claim = {
  kind: 'quoted',
  text:
    'The paper calibrates on 84 heads of BERT-base (which text, ' +
    'sequence length and temperatures it used are not stated).',
  basis:
    'Sui &amp; Zhang (2026), abstract. Here the built-in zoo is a deterministic synthetic ' +
    'stand-in of the same size; choose your own heads as a file to run the study on them.',
};
export const BALL_CLAIM: Claim = {
  kind: 'derived',
  text:
    'The uniform ball without key weights does not follow the β<sup>d/2</sup> ' +
    'law: the law needs the Gaussian lift’s e<sup>β/8</sup> token multiplicities.',
  basis:
    'Derived in docs/theory/rank.md and seen in this experiment’s uniform-ball preset (its slope stays below d/2).',
};

export const sourceHtml = () => referenceHtml(ATTENTION_RANK);
