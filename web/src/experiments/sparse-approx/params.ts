// sparse-approx: approximate one sparse pattern A by softmax(X W_Q W_Kᵀ Xᵀ) (spec paper1 §3).
import type { ParamSpec } from '../schema';
import { budget, causal, CONSTRUCTION, delta, eps1, eps2, gamma, k, PATTERN, proj, split } from '../sparse-family';

export const params: ParamSpec[] = [
  { key: 'n', label: 'Sequence length n', kind: 'int', default: 256, min: 8, max: 4096, unit: 'tokens', group: PATTERN,
    help: 'Size of the n × n pattern A (ignored when a file is uploaded).' },
  k(2), gamma(2), eps1(1), eps2(0.5), causal,
  { key: 'd', label: 'Projection width d', kind: 'int', default: 384, min: 1, max: 16384, group: CONSTRUCTION,
    help: 'Columns of Y; the input X = [X(1) | X(2)] has hidden size 2d.' },
  proj, split, delta,
  { key: 'tries', label: 'Max redraws', kind: 'int', default: 20, min: 1, max: 1000, group: CONSTRUCTION,
    help: 'Las Vegas loop: draw a fresh Y until (23) and (24) hold, at most this many times.' },
  { key: 'row', label: 'Row shown', kind: 'int', default: 0, min: 0, max: 4095, group: 'View',
    help: 'The row whose A and M entries are overlaid (0-based).' },
  { key: 'scale', label: 'Colour scale', kind: 'enum', default: 'log', group: 'View',
    options: [{ value: 'log', label: 'Logarithmic' }, { value: 'linear', label: 'Linear' }],
    help: 'Colour scale shared by the A and M heatmaps; log shows how small the zeros of A become in M.' },
  { key: 'px', label: 'Heatmap resolution', kind: 'int', default: 256, min: 16, max: 1024, unit: 'cells', group: 'View',
    help: 'Heatmaps larger than this are downsampled, keeping the largest entry of each block.' },
  budget,
];
