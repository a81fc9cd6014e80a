// The pieces every paper-2 explanation repeats (the model, what was quoted and what re-derived), typeset
// with KaTeX; loaded with the explanations, after the first figure.
import { RMT_POOLING, referenceHtml } from './references';
import { panel, tex } from './tex';

export { panel, tex };

/** The generative model, as every paper-2 explanation states it first. */
export function modelHtml(): string {
  return [
    `<p>A fixed vocabulary of V tokens with embeddings ${tex('e_v = s_v\\,\\mu + z_v')} (two classes ${tex('s_v = \\pm 1')}, ${tex('z_v \\sim \\mathcal N(0, I_d)')}); N sequences of T tokens whose class signs have positional correlation ${tex('\\mathbb E[\\xi\\xi^\\top] = R')}; each sequence is pooled with fixed weights, ${tex('c_n = \\sum_t w_t\\, x_{n,t}')}, and ${tex('S = \\tfrac1N \\sum_n c_n c_n^\\top')}. Ratios ${tex('\\delta = d/V')}, ${tex('\\gamma = d/N')}.</p>`,
    `<p>Everything depends on the pooling through ${tex('\\alpha = w^\\top R w')} and ${tex('\\kappa = \\|w\\|^2')}: the effective SNR is ${tex('\\rho = \\alpha\\|\\mu\\|^2/\\kappa')} (Variant B: ${tex('\\alpha(\\|\\mu\\|^2+\\delta)/\\kappa')}).</p>`,
  ].join('');
}

/** What the paper states and what this lab re-derived (its full text was not available). */
export function provenanceHtml(extra = ''): string {
  return `<p class="provenance"><strong>Quoted vs re-derived.</strong> The abstract states the bulk law κ·(MP<sub>δ</sub> ⊠ MP<sub>γ</sub>), two BBP-type transitions depending on δ, γ, α and κ, the optimality of the top eigenvector of R and the deterministic causal-attention weights. The closed forms drawn here (the cubic for the density, the edges, both thresholds, the outlier location and the overlaps, the Variant B corrections and the harmonic weights) were re-derived from free probability and checked by simulation, not copied from the paper; notation may differ from it.${extra ? ` ${extra}` : ''}</p>`
    + referenceHtml(RMT_POOLING);
}
