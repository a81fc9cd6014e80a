// SPDX-License-Identifier: Apache-2.0
// The names readers see for paper 3's certificates and lower bounds. The result keys keep the short
// codes (kSvd, lowerBounds["LB-F"], …: a public interface); nothing on screen shows them.

/** Upper certificates: each is a constructed approximation whose error is recomputed. */
export const CERTIFICATE_NAMES = {
  svd: 'truncated SVD',
  cheb: 'Chebyshev',
  refit: 'ℓ1 refit',
  combined: 'logit truncation + Chebyshev',
} as const;

/** Rigorous lower bounds on the ε-rank, by their result key. */
export const LOWER_BOUND_NAMES = {
  'LB-F': 'Frobenius tail',
  'LB-DD': 'diagonal dominance',
  'LB-POOL-GEO': 'pooled keys, geometric cells',
  'LB-POOL-DATA': 'pooled keys, data cells',
} as const;

type LowerBoundKey = keyof typeof LOWER_BOUND_NAMES;
export const LOWER_BOUND_KEYS = Object.keys(LOWER_BOUND_NAMES) as LowerBoundKey[];

/** Column names for exported tables (CSV headers): plain words, no codes. */
export const LOWER_BOUND_COLUMNS: Record<LowerBoundKey, string> = {
  'LB-F': 'lb_frobenius_tail',
  'LB-DD': 'lb_diagonal_dominance',
  'LB-POOL-GEO': 'lb_pooled_geometric',
  'LB-POOL-DATA': 'lb_pooled_data',
};

/** How the truncated SVD got its singular vectors (the result's svdPath), in words. */
export function svdPathName(path: string): string {
  return (
    (
      { full: 'full eigendecomposition', partial: 'Lanczos (leading vectors)', none: 'not needed' } as Record<
        string,
        string
      >
    )[path] ?? path
  );
}

/** A certificate marker from the core ("U1 truncated SVD", "U4 ℓ1 refit", "lower bound") in plain words. */
export function markerName(label: string): string {
  return label.replace(/^U[1-5]:?\s*/, '');
}
