// SPDX-License-Identifier: Apache-2.0
// How the parameters shared by the paper-3 experiments look in the panel (the core declares them), the
// bring-your-own-head uploads (the explanations' shared pieces are in family-explain.ts).
import { BUDGET_LOOK, presentUpload, type ExperimentId, type UploadSpec } from '../schema';

const INSTANCE = 'Instance';
export const CERTIFICATES = 'Certificates';
export const SWEEP = 'Sweep';
export const HEAD = 'Head';
export const ANALYSIS = 'Analysis';

export const sharedLooks = {
  geometry: {
    label: 'Geometry',
    group: INSTANCE,
    options: {
      sphere: 'Sphere Sᵈ⁻¹',
      ball: 'Uniform ball (no multiplicities)',
      gauss: 'Gaussian lift (ball of radius ½ with key weights)',
    },
  },
  d: { label: 'Dimension d', group: INSTANCE },
  n: { label: 'Tokens n', group: INSTANCE, slider: 'log' },
  beta: { label: 'Inverse temperature β', group: INSTANCE, slider: 'log', step: 0.01 },
  eps: { label: 'Tolerance ε', group: CERTIFICATES, slider: 'log', step: 0.001 },
  svd: {
    label: 'Singular vectors for the truncated SVD',
    group: CERTIFICATES,
    options: { auto: 'Automatic', full: 'Full eigendecomposition', partial: 'Lanczos (partial)' },
  },
  budget: BUDGET_LOOK,
} as const;

/** The four named files of a head (the core's inputs q, k, attention, logits): Q and K together, or one matrix.
 * The core's rules say what a head replaces and that a bundle for Q also fills K (and back). */
export function headUploads(id: ExperimentId): UploadSpec[] {
  return [
    presentUpload(id, 'q', {
      label: 'Your head: Q',
      help:
        'Queries (n, d_h), (H, n, d_h) or (L, H, n, d_h) as .npy (float32/float64) ' +
        'or JSON; needs K of the same shape. A JSON head bundle ({"format": "qk", ' +
        '"q", "k", "scale", "heads": […]}) fills K and the scale too',
    }),
    presentUpload(id, 'k', {
      label: 'Your head: K',
      help: 'Keys of the same shape as Q (biases included); logits = scale·Q Kᵀ',
    }),
    presentUpload(id, 'attention', {
      label: 'Or: attention matrices',
      help:
        'Row-stochastic (n, n), (H, n, n) or (L, H, n, n), rows summing to 1 within ' +
        '0.001; crop padding first. A JSON head bundle of format "attn" works here',
    }),
    presentUpload(id, 'logits', {
      label: 'Or: logits',
      help: 'Pre-softmax scores of the same shapes as attention; or a JSON head bundle of format "logits"',
    }),
  ];
}
