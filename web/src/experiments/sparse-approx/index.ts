// sparse-approx: approximate one sparse pattern with fixed W_Q, W_K by choosing the input (spec paper1 §3).
import type { ExperimentMeta } from '../schema';
import { explain } from './explain';
import { params } from './params';
import { figures, headline } from './view';

export const sparseApprox: ExperimentMeta = {
  id: 'sparse-approx',
  family: 'sparse',
  title: 'Sparse pattern: one approximation',
  summary: 'Samples a sparse pattern A (or takes yours), builds the input X = [X(1) | X(2)] by a random projection of d columns, and checks whether the attention matrix M keeps the ratios of A\u2019s nonzeros (23) and keeps its zeros small (24). Lower d until it fails.',
  params,
  upload: {
    label: 'Your pattern',
    help: 'A sparse n × n pattern: CSV triplets i,j,value (0-based), a dense .npy matrix, or JSON {"entries": [[i, j, v], …]}; replaces the sampled A',
    accept: ['.csv', '.npy', '.json'],
    replaces: ['n', 'k', 'gamma'],
  },
  presets: [
    { label: 'One pattern (n = 256)', description: 'The paper\u2019s tolerances at n = 256 with d = 384, just above the typical d_min (about 300).', values: { n: 256, d: 384 } },
    { label: 'Too small a d fails', description: 'd = 32: the zeros of A are no longer suppressed.', values: { n: 256, d: 32 } },
    { label: 'Causal pattern', description: 'Lower-triangular A with a full diagonal under a causal mask.', values: { n: 256, d: 320, causal: '1' } },
  ],
  headline,
  figures,
  explain,
};
