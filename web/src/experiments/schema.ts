// One declaration per parameter drives the control, the URL key, validation, clamping and the docs.
import type { Json, Params } from '../engine/core';

interface BaseSpec {
  /** URL key, CLI key and the core's parameter name. */
  key: string;
  label: string;
  /** One line of help shown under the control. */
  help: string;
  unit?: string;
  /** Parameters are grouped in the panel (e.g. "Pattern", "Construction", "Sweep"). */
  group?: string;
  /** Range slider beside a number input: 'log' for ranges over decades; default chosen from the bounds. */
  slider?: 'linear' | 'log' | 'none';
}
export interface IntSpec extends BaseSpec { kind: 'int'; default: number; min: number; max: number; step?: number }
export interface RealSpec extends BaseSpec {
  kind: 'real'; default: number; min: number; max: number;
  /** Exclusive ends: the value must be strictly inside. */
  minOpen?: boolean; maxOpen?: boolean; step?: number;
}
export interface EnumSpec extends BaseSpec { kind: 'enum'; default: string; options: { value: string; label: string }[] }
export interface IntListSpec extends BaseSpec { kind: 'intList'; default: number[]; min: number; max: number; maxCount: number }
export interface RealListSpec extends BaseSpec {
  kind: 'realList'; default: number[]; min: number; max: number; maxCount: number; minOpen?: boolean; maxOpen?: boolean;
  /** Granularity used when a value is clamped inside an open end (as for a single real). */
  step?: number;
}
export type ParamSpec = IntSpec | RealSpec | EnumSpec | IntListSpec | RealListSpec;
export type ParamValue = number | string | number[];
export type ParamValues = Record<string, ParamValue>;

/** A user file: parsed off the main thread into numbers, passed to the core, never put in the URL. */
export interface UploadSpec {
  label: string;
  help: string;
  /** File extensions accepted, e.g. ['.csv', '.npy', '.json']. */
  accept: string[];
  /** Parameters the file determines (e.g. the pattern size n): not sent to the core when a file is used. */
  replaces?: string[];
}

/** A figure drawn from a result: a pure function with its data for CSV/JSON export. */
export interface Figure {
  id: string;
  title: string;
  /** Renders into a fresh element; must not read global state. */
  render: (options: { width: number }) => HTMLElement | SVGElement;
  /** Columns for CSV export (one row per record). */
  table: () => { columns: string[]; rows: (number | string)[][] };
  /** One sentence describing what the figure shows, for screen readers and the caption. */
  description?: string;
}

/** One number above the figures; `value` is its text, `raw` the full-precision number (data-value). */
export interface Headline { key: string; label: string; value: string; raw?: number; help?: string }

export interface Preset { label: string; description: string; values: ParamValues }

export interface ExperimentMeta {
  id: string;
  family: string;
  title: string;
  /** One paragraph: what is computed and what to look for. */
  summary: string;
  params: ParamSpec[];
  upload?: UploadSpec;
  presets?: Preset[];
  /** Headline numbers shown above the figures, each with a stable data-key for tests. */
  headline: (result: Json, values: ParamValues) => Headline[];
  figures: (result: Json, values: ParamValues) => Figure[];
  /** Optional explanation panel (HTML with KaTeX-rendered formulas). */
  explain?: () => HTMLElement;
}

export const SEED_SPEC: IntSpec = {
  key: 'seed', label: 'Seed', kind: 'int', default: 1, min: 0, max: 2 ** 53 - 1,
  help: 'Every random number derives from this seed: the same seed gives the same numbers everywhere.',
};

/** The core reads `budget` for every experiment (ParamReader::budgetBytes): MiB, 1 … 65536. */
export const BUDGET_SPEC: RealSpec = {
  key: 'budget', label: 'Memory budget', kind: 'real', default: 1024, min: 1, max: 65536, unit: 'MiB', group: 'Limits', slider: 'none',
  help: 'Runs that would need more memory are refused with an explanation before anything is allocated.',
};

export function defaults(meta: ExperimentMeta): ParamValues {
  const v: ParamValues = {};
  for (const p of meta.params) v[p.key] = Array.isArray(p.default) ? [...p.default] : p.default;
  v.seed = SEED_SPEC.default;
  return v;
}

/** The params object the core takes: lists comma-joined as in the URL. */
export function toCoreParams(values: ParamValues): Params {
  const out: Params = {};
  for (const [k, v] of Object.entries(values)) out[k] = Array.isArray(v) ? v.join(',') : v;
  return out;
}
