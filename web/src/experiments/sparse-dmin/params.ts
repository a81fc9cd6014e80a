// sparse-dmin: the paper's experiment, minimal d against sequence length n (spec paper1 §4).
import type { ParamSpec } from '../schema';
import { budget, causal, delta, eps1, eps2, gamma, k, proj, split } from '../sparse-family';

const SWEEP = 'Sweep';

export const params: ParamSpec[] = [
  { key: 'ns', label: 'Sequence lengths n', kind: 'intList', default: [128, 256, 512, 1024], min: 8, max: 4096, maxCount: 12,
    unit: 'tokens', group: SWEEP, help: 'Comma-separated list; one pattern A per n and seed.' },
  k([2]), gamma([2]), eps1([1]), eps2([0.5]), causal,
  { key: 'step', label: 'Grid step of d', kind: 'int', default: 16, min: 1, max: 1024, group: SWEEP,
    help: 'd is scanned over step, 2·step, 3·step, … in ascending order.' },
  { key: 'dmax', label: 'Largest d tried', kind: 'int', default: 16384, min: 1, max: 65536, group: SWEEP,
    help: 'The scan stops here; a point that never passes is reported as capped.' },
  { key: 'seeds', label: 'Repetitions', kind: 'int', default: 3, min: 1, max: 50, group: SWEEP,
    help: 'Independent patterns per n; their random streams derive from the seed.' },
  { key: 'tries', label: 'Draws per grid point Q', kind: 'intList', default: [1], min: 1, max: 100, maxCount: 6, group: SWEEP,
    help: 'A grid point passes if any of Q fresh draws passes (1 = the paper\u2019s protocol).' },
  { key: 'scan', label: 'Scan', kind: 'enum', default: 'paper', group: SWEEP,
    options: [{ value: 'paper', label: 'Paper: fresh draw per d' }, { value: 'fast', label: 'Fast: same distribution, less work' }],
    help: 'paper follows the protocol exactly; fast finds the same d_min distribution with far less work.' },
  proj, split, delta, budget,
];
