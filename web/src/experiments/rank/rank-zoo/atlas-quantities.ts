// SPDX-License-Identifier: Apache-2.0
// What a head atlas (atlas.ts) can colour its cells by: a key of each cell's row, its name in the chooser and the
// legend, and the published value to read it against. rank-zoo's certificates, and each head's energy90 and
// antisymmetry (numerics/rank/energy.hpp) against Lee (arXiv 2604.04384) and the 1/√2 of a random matrix.

export interface AtlasQuantity {
  /** The key of the value in each cell's row. */
  key: string;
  /** Its name in the "Colour by" choice. */
  label: string;
  /** Its name under the colour legend, with its unit; the label when absent. */
  legend?: string;
  /** What to read it against, in one sentence under the legend (in the figure's exports too). */
  reference?: string;
}

/** rank-zoo's own quantities, each a row key of its result. */
const ATLAS_QUANTITIES = [
  { key: 'rVisTau', label: 'visible interaction dimension r_vis(τ)' },
  { key: 'kSvd', label: 'ε-rank certificate k_svd' },
  { key: 'reductionTau', label: 'reduction r_raw(τ) − r_vis(τ)' },
  { key: 'reductionEff', label: 'effective reduction r_eff,raw − r_eff,vis' },
  { key: 'lowerBound', label: 'lower bound' },
] as const satisfies readonly AtlasQuantity[];

/** A published range of energy90 and what it was measured on. */
interface EnergyBand {
  low: number;
  high: number;
  of: string;
}

/** Lee's two ranges (arXiv 2604.04384, decoder models): of row-centred logits, and of the weights' W_Qᵀ W_K. */
const LOGITS_BAND: EnergyBand = { low: 2, high: 11, of: 'row-centred logits' };
const WEIGHTS_BAND: EnergyBand = { low: 38, high: 75, of: 'W_Qᵀ W_K (head width 64 or 128)' };

const bandWords = (b: EnergyBand) => `${b.low}–${b.high} for ${b.of}`;

/** energy90 against the band(s) it is read against; `label`: its name in the choice ("energy90" by default). */
export function energyQuantity(bands: EnergyBand[], key = 'energy90', label = 'energy90'): AtlasQuantity {
  return {
    key,
    label,
    legend: `${label} (singular values): how many hold 90 % of Σσ²`,
    reference:
      `Lee (arXiv 2604.04384) measured ${bands.map(bandWords).join(', and ')} ` + 'on five decoder language models.',
  };
}

/** Antisymmetry against its value for a random matrix, 1/√2. */
export function antisymmetryQuantity(key = 'antisymmetry', name = 'antisymmetry'): AtlasQuantity {
  return {
    key,
    label: `${name} (null 0.707)`,
    legend: `${name} (a ratio, 0 to 1): the antisymmetric part’s size over the whole`,
    reference:
      'A random matrix gives 1/√2 ≈ 0.707 (the null: no preferred direction); a head that scores query→key and ' +
      'key→query alike gives 0.',
  };
}

/** True when some row has a number at `key` (the core measured it). */
const measured = (rows: readonly Readonly<Record<string, unknown>>[], key: string) =>
  rows.some((row) => typeof row[key] === 'number');

/**
 * rank-zoo's choice for an atlas of these rows: its own quantities, with each head's energy90 and antisymmetry when the
 * core measured them. `forms`: the heads were the weights' bilinear forms (weights only), whose energy90 and
 * antisymmetry come first and are read against Lee's band for W_Qᵀ W_K; else against both of Lee's bands.
 */
export function zooQuantities(rows: readonly Readonly<Record<string, unknown>>[], forms: boolean): AtlasQuantity[] {
  const energy = energyQuantity(forms ? [WEIGHTS_BAND] : [LOGITS_BAND, WEIGHTS_BAND]);
  const heads = [
    ...(measured(rows, 'energy90') ? [energy] : []),
    ...(measured(rows, 'antisymmetry') ? [antisymmetryQuantity()] : []),
  ];
  return forms ? [...heads, ...ATLAS_QUANTITIES] : [...ATLAS_QUANTITIES, ...heads];
}
