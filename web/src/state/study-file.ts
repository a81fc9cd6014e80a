// SPDX-License-Identifier: Apache-2.0
// A study over a corpus, as its merge gives it (wasm/core/lab/model_study.hpp combineModelStudy): the page's run
// (ui/corpus/corpus-panel.ts), `npm run lab -- rank-zoo model=… corpus=…` and `attnlab combine` all print this shape.
// DOM-free.

/** One quantity of a head over its rows: mean, sample standard deviation, smallest and largest. */
export interface Spread {
  mean: number;
  sd: number;
  min: number;
  max: number;
}

/** A head's rows summarised; antisymmetry is null when no row had one (a head of zero logits). */
export interface StudyHead {
  layer: number;
  head: number;
  rows: number;
  energy90: Spread;
  rEffVis: Spread;
  kSvd: Spread;
  antisymmetry?: Spread | null;
}

/** A published range of energy90, with what it measured and where it was published. */
interface Band {
  low: number;
  high: number;
  of: string;
  source: string;
}

/** The study's merged JSON, as far as the page reads it. */
export interface CorpusStudy {
  windows: { n: number; window: number; ids: number[] }[];
  /** rank-zoo's rows, each tagged with its window's n, its window and its ε. */
  rows: Record<string, unknown>[];
  heads: StudyHead[];
  association: {
    rows: number;
    heads: number;
    spearman: number | null;
    bootstraps: number;
    interval: [number, number] | null;
    reference: { spearman: number; source: string };
  };
  bands: { energy90: Band; weightsEnergy90?: Band; antisymmetryNull?: { value: number; source: string } };
}
