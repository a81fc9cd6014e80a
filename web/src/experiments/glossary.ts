// SPDX-License-Identifier: Apache-2.0
// The words a reader meets on attnlab's pages, each defined once in plain language. A term's first
// appearance on a page shows its definition on hover and on focus (ui/shell/glossary-ui.ts), and the whole
// list is the Glossary section (linked as #glossary).
import { HEAD_TERMS } from './glossary-heads';
import type { GlossaryTerm } from './glossary-term';

const PAPER_TERMS: readonly GlossaryTerm[] = [
  {
    id: 'softmax-attention',
    term: 'softmax attention',
    match: /\b(?:softmax attention|attention matrix)\b/i,
    definition:
      'The matrix P with P_ij = exp(L_ij) / Σ_l exp(L_il): each row turns ' +
      'the logits L of one query into weights over the keys that sum to 1.',
  },
  {
    id: 'inverse-temperature',
    term: 'inverse temperature β',
    match: /\binverse temperature\b/i,
    definition:
      'The factor that multiplies the logits before the softmax. Large β makes ' +
      'each row concentrate on its largest logits; β = 0 makes every row uniform.',
  },
  {
    id: 'sparse-pattern',
    term: 'sparse pattern',
    match: /\bsparse pattern\b/i,
    definition:
      'A target matrix A with few nonzeros in each row and column; the question is ' +
      'whether an attention matrix can reproduce where they are and their ratios.',
    families: ['sparse'],
  },
  {
    id: 'johnson-lindenstrauss',
    term: 'Johnson–Lindenstrauss (JL) bound',
    match: /\bJL bound\b|Johnson–Lindenstrauss/,
    definition:
      'A random projection to d = O(log n) dimensions keeps the inner ' +
      'products of n vectors within a small error. Here it bounds the ' +
      'hidden size an attention module needs to reproduce a sparse pattern.',
    families: ['sparse'],
  },
  {
    id: 'dmin',
    term: 'd_min',
    match: /\bd_min\b/,
    definition:
      'The smallest hidden size d at which the construction reproduces the pattern ' +
      '(the spread and gap conditions hold in every row), found by scanning d upwards.',
    families: ['sparse'],
  },
  {
    id: 'pooling',
    term: 'attention pooling',
    match: /\bpooling\b/i,
    definition:
      'Summarising a sequence of T token vectors by one weighted average Σ_t w_t x_t. Mean ' +
      'pooling uses equal weights; causal attention and the optimal weights give others.',
    families: ['rmt'],
  },
  {
    id: 'effective-snr',
    term: 'effective signal-to-noise ratio ρ',
    match: /\beffective SNR\b|\bsignal strength\b/i,
    definition:
      'ρ = ‖μ‖² · (wᵀRw)/(wᵀw): how strong the class signal μ is after pooling with weights ' +
      'w under the positional correlation R. The transitions happen at thresholds in ρ.',
    families: ['rmt'],
  },
  {
    id: 'marchenko-pastur',
    term: 'Marchenko–Pastur law',
    match: /Marchenko–Pastur|\bMP law\b/,
    definition:
      'The distribution that the eigenvalues of a sample covariance of pure noise follow ' +
      'when the dimension and the number of samples grow together in a fixed ratio.',
    families: ['rmt'],
  },
  {
    id: 'free-convolution',
    term: 'free multiplicative convolution',
    match: /free multiplicative convolution|⊠/,
    definition:
      'How the eigenvalue distributions of two large independent random ' +
      'matrices combine when the matrices are multiplied. The bulk of the ' +
      'pooled covariance is the free product of two Marchenko–Pastur laws.',
    families: ['rmt'],
  },
  {
    id: 'bulk',
    term: 'bulk (of a spectrum)',
    match: /\bbulk\b/i,
    definition: 'The continuous band of eigenvalues produced by noise alone; its upper end is the bulk edge λ₊.',
    families: ['rmt'],
  },
  {
    id: 'bbp-transition',
    term: 'BBP transition',
    match: /\bBBP\b|\btransitions?\b/,
    definition:
      'The signal strength at which the top eigenvalue of a covariance leaves the noise bulk and its ' +
      'eigenvector starts to point towards the signal (after Baik, Ben Arous and Péché, 2005). Pooled ' +
      'sequences have two: one for the population covariance, a later one for the sample covariance.',
    families: ['rmt'],
  },
  {
    id: 'overlap',
    term: 'overlap |u_Sᵀu|²',
    match: /\boverlap\b/i,
    definition:
      'The squared cosine between the top eigenvector found from the data and the true ' +
      'signal direction: 0 means it sees nothing, 1 means it recovers the signal exactly.',
    families: ['rmt'],
  },
  {
    id: 'harmonic-weights',
    term: 'harmonic weights',
    match: /\bharmonic\b/i,
    definition:
      'The weights that parameter-free causal self-attention gives each position: w_t = ' +
      '(1/T)(1/t + 1/(t+1) + … + 1/T), large for early tokens, which every later token can see.',
    families: ['rmt'],
  },
  {
    id: 'optimal-weights',
    term: 'optimal pooling weights',
    match: /\boptimal\b/i,
    definition:
      'The pooling weights that maximise the effective signal-to-noise ' +
      'ratio: the top eigenvector of the positional correlation R.',
    families: ['rmt'],
  },
  {
    id: 'epsilon-rank',
    term: 'ε-rank',
    match: /ε-rank|\bapproximation rank\b/i,
    definition:
      'The smallest rank of a matrix M whose rows are each within ε of the attention matrix’s rows (in ℓ1 ' +
      'norm): how many dimensions attention really needs when every bounded output may move by at most ε.',
    families: ['rank'],
  },
  {
    id: 'certificate',
    term: 'certificate',
    match: /\bcertificates?\b/i,
    definition:
      'A constructed low-rank approximation whose error is recomputed from ' +
      'the matrix itself, so its rank is a proven upper bound on the ε-rank. ' +
      'Lower bounds prove the other side; the true ε-rank lies between.',
    families: ['rank'],
  },
  {
    id: 'truncated-svd',
    term: 'truncated SVD certificate',
    match: /\btruncated SVD\b/i,
    definition:
      'Keep the k largest singular directions of P and take the ' +
      'smallest k whose approximation is within ε in every row.',
    families: ['rank'],
  },
  {
    id: 'chebyshev',
    term: 'Chebyshev certificate',
    match: /\bChebyshev\b/,
    definition:
      'Replace the exponential inside the softmax by a polynomial of degree g (interpolated ' +
      'at Chebyshev nodes); the result lies in a space of known dimension D(g).',
    families: ['rank'],
  },
  {
    id: 'lower-bound',
    term: 'lower bound',
    match: /\blower bounds?\b/i,
    definition:
      'A rank below which no approximation can be within ε, proved from the matrix ' +
      '(its singular value tail, a diagonally dominant submatrix, or pooled keys).',
    families: ['rank'],
  },
  {
    id: 'interaction-dimension',
    term: 'interaction dimension',
    match: /\binteraction dimension\b|\bvisible rank\b/i,
    definition:
      'The rank of the row-centred logits. Softmax ignores a constant added to a row, ' +
      'so only these directions of query–key interaction can change the attention.',
    families: ['rank'],
  },
  {
    id: 'gaussian-lift',
    term: 'Gaussian lift',
    match: /\bGaussian lift\b/i,
    definition:
      'Points in the ball of radius ½, each key weighted by exp(−β|x|²/2), as if it were repeated ' +
      'that many times. The weights cancel the key factor of exp(β x·y), so the attention matrix ' +
      'becomes a row-normalised Gaussian kernel: the setting of the full-ball law β^(d/2).',
    families: ['rank', 'attention'],
  },
  {
    id: 'lanczos',
    term: 'Lanczos method',
    match: /\bLanczos\b/,
    definition:
      'An iterative way to find the largest eigenvalues and eigenvectors of a big symmetric matrix using ' +
      'only products with it, much faster than a full eigendecomposition when only a few are needed.',
  },
  {
    id: 'fuss-catalan',
    term: 'Fuss–Catalan law',
    match: /Fuss–Catalan/,
    definition:
      'The eigenvalue distribution of a product of two independent Marchenko–Pastur ' +
      'matrices of square shape (δ = γ = 1): it has a hard edge at 0 and ends at 27/4.',
    families: ['rmt'],
  },
  {
    id: 'embedding-table',
    term: 'embedding table A or B',
    match: /\b(?:Variant|table) B\b/,
    definition:
      'Table A removes each class’s average noise from the token embeddings, ' +
      'which makes the theory exact; table B is a raw random table, whose ' +
      'finite vocabulary shifts the spike, and the theory corrects for it.',
    families: ['rmt'],
  },
  {
    id: 'nats',
    term: 'nats',
    match: /\bnats\b/,
    definition:
      'Units of logits (natural-log units): a difference of 1 nat between ' +
      'two logits multiplies the ratio of their softmax weights by e ≈ 2.72.',
    families: ['rank'],
  },
  {
    id: 'effective-dimension',
    term: 'effective dimension r_eff',
    match: /\br_eff\b/,
    definition:
      'The smallest rank r whose truncated logits keep every output within the output tolerance: ' +
      'measured on the raw logits (r_eff,raw) and on the row-centred ones (r_eff,vis).',
    families: ['rank'],
  },
  {
    id: 'snr-gain',
    term: 'gain α/κ',
    match: /α\/κ|κ\/α/,
    definition:
      'How much a pooling raises the signal-to-noise ratio: α = wᵀRw (the signal the ' +
      'weights collect) over κ = ‖w‖² (the noise they keep). Mean pooling has κ = 1/T.',
    families: ['rmt'],
  },
  {
    id: 'haar-frame',
    term: 'orthogonal (Haar) frame',
    match: /\bHaar\b/,
    definition:
      'A random projection with orthonormal columns, drawn uniformly among all such ' +
      'frames; it preserves lengths exactly when d = n, unlike a Gaussian projection.',
    families: ['sparse'],
  },
  {
    id: 'spearman',
    term: 'Spearman’s rank correlation',
    match: /\bSpearman/,
    definition:
      'The correlation between the ranks of two quantities (ties share their average ' +
      'rank): +1 when one always grows with the other, 0 when they are unrelated.',
    families: ['rank'],
  },
  {
    id: 'largest-d',
    term: 'largest d tried',
    match: /\blargest d tried\b/i,
    definition:
      'The scan for d_min stops at this width; a seed that never passes ' +
      'before it is reported as capped and left out of the mean.',
    families: ['sparse'],
  },
];

/** Every term: the papers', then those of a model's heads. */
export const GLOSSARY: readonly GlossaryTerm[] = [...PAPER_TERMS, ...HEAD_TERMS];

/** The id of a term's entry in the Glossary section. */
export const glossaryAnchor = (term: GlossaryTerm): string => `glossary-${term.id}`;
