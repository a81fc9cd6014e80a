// attention-map: parameters as the core reads them (wasm/core/src/experiments/attention-map.cpp).
import { BUDGET_SPEC, type ParamSpec, type Preset } from '../schema';

const POINTS = 'Points';
const ATTENTION = 'Attention';
const OUTPUT = 'Output and limits';

export const params: ParamSpec[] = [
  { key: 'n', label: 'Points n', kind: 'int', default: 256, min: 2, max: 4096, unit: 'tokens', group: POINTS, slider: 'log',
    help: 'P is n × n; the SVD costs about n³, so n = 4096 takes a while.' },
  { key: 'd', label: 'Dimension d', kind: 'int', default: 3, min: 1, max: 256, group: POINTS, slider: 'log',
    help: 'Dimension of the points x_i (queries = keys: self-attention).' },
  { key: 'geometry', label: 'Geometry', kind: 'enum', default: 'sphere', group: POINTS,
    options: [
      { value: 'sphere', label: 'Unit sphere' },
      { value: 'ball', label: 'Unit ball (uniform)' },
      { value: 'gauss', label: 'Gaussian lift (ball of radius ½)' },
    ],
    help: 'Where the points live (spec paper3 §4); the Gaussian lift adds −β|x_j|²/2 to each logit.' },
  { key: 'beta', label: 'Inverse temperature β', kind: 'real', default: 8, min: 0, max: 1000, step: 0.1, group: ATTENTION, slider: 'log',
    help: 'Logits L = β·X Xᵀ with no 1/√d factor; β = 0 gives uniform rows.' },
  { key: 'mask', label: 'Mask', kind: 'enum', default: 'none', group: ATTENTION,
    options: [{ value: 'none', label: 'None (full attention)' }, { value: 'causal', label: 'Causal (row i sees j ≤ i)' }],
    help: 'Causal masking makes P lower-triangular.' },
  { key: 'px', label: 'Heatmap resolution', kind: 'int', default: 512, min: 16, max: 2048, unit: 'cells per side', group: OUTPUT, slider: 'log',
    help: 'The core pools P (largest |P_ij| per block) to at most this many cells per side.' },
  { ...BUDGET_SPEC, group: OUTPUT },
];

export const presets: Preset[] = [
  { label: 'Uniform rows (β = 0)', description: 'Every row is 1/n: rank one, entropy exactly ln n.', values: { beta: 0 } },
  { label: 'Sharp attention (β = 64)', description: 'Rows concentrate on near neighbours: many singular values, low entropy.', values: { beta: 64 } },
  { label: 'Higher dimension (d = 16)', description: 'More directions on the sphere: a slower spectral decay at the same β.', values: { d: 16, beta: 16 } },
  { label: 'Causal mask', description: 'Lower-triangular P: early rows see few keys.', values: { mask: 'causal' } },
];
