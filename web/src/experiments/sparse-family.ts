// Parameters shared by the paper-1 experiments (spec paper1 §1–§3). Keys are the URL/CLI keys.
import type { EnumSpec, ParamSpec, RealSpec } from './schema';

export const PATTERN = 'Pattern A';
export const CONSTRUCTION = 'Construction';

export const proj: EnumSpec = {
  key: 'proj', label: 'Projection Y', kind: 'enum', default: 'gauss', group: CONSTRUCTION,
  options: [{ value: 'gauss', label: 'Gaussian N(0, 1/d)' }, { value: 'orth', label: 'Orthogonal (Haar frame)' }],
  help: 'Random projection of spec §3 step 3; orthogonal is exact at d = n.',
};
export const split: EnumSpec = {
  key: 'split', label: 'Split of B', kind: 'enum', default: 'asym', group: CONSTRUCTION,
  options: [{ value: 'asym', label: 'Asymmetric B·G, G (no SVD)' }, { value: 'sym', label: 'Symmetric UΣ½, VΣ½' }],
  help: 'How X(1), X(2) factor B: asym needs no SVD; sym is the paper\u2019s likely reading (spec §5.1).',
};
export const causal: EnumSpec = {
  key: 'causal', label: 'Causal mask', kind: 'enum', default: '0', group: PATTERN,
  options: [{ value: '0', label: 'No (bidirectional)' }, { value: '1', label: 'Yes (lower-triangular A)' }],
  help: 'Causal attention: entries above the diagonal are masked and A is lower-triangular.',
};
export const delta: RealSpec = {
  key: 'delta', label: 'Offset Δ', kind: 'real', default: 0, min: 0, max: 100, step: 0.1, group: CONSTRUCTION,
  help: 'Offset of the nonzeros of B (spec §3 step 1); 0 = the proof value ln(1/ε2) + ln(1+ε1).',
};

export function k(def: number[] | number): ParamSpec {
  const base = { key: 'k', label: 'Nonzeros per row/column k', group: PATTERN, min: 1, max: 16,
    help: 'Sparsity: at most k nonzeros in every row and column of A.' };
  return Array.isArray(def) ? { ...base, kind: 'intList', default: def, maxCount: 6 } : { ...base, kind: 'int', default: def };
}
export function gamma(def: number[] | number): ParamSpec {
  const base = { key: 'gamma', label: 'Dynamic range γ', group: PATTERN, min: 1, max: 1e6,
    help: 'Within a row, largest nonzero / smallest nonzero ≤ γ (weights log-uniform in [1, γ]).' };
  return Array.isArray(def) ? { ...base, kind: 'realList', default: def, maxCount: 6, step: 0.5 } : { ...base, kind: 'real', default: def, step: 0.5 };
}
export function eps1(def: number[] | number): ParamSpec {
  const base = { key: 'eps1', label: 'Ratio tolerance ε1', group: PATTERN, min: 0, max: 10, minOpen: true,
    help: 'Condition (23): ratios of nonzeros kept within a factor 1 + ε1.' };
  return Array.isArray(def) ? { ...base, kind: 'realList', default: def, maxCount: 6, step: 0.1 } : { ...base, kind: 'real', default: def, step: 0.1 };
}
export function eps2(def: number[] | number): ParamSpec {
  const base = { key: 'eps2', label: 'Zero tolerance ε2', group: PATTERN, min: 0, max: 1, minOpen: true, maxOpen: true,
    help: 'Condition (24): every zero of A stays below ε2 times each nonzero of its row.' };
  return Array.isArray(def) ? { ...base, kind: 'realList', default: def, maxCount: 6, step: 0.05 } : { ...base, kind: 'real', default: def, step: 0.05 };
}

export { BUDGET_SPEC as budget } from './schema';
