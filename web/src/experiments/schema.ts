// SPDX-License-Identifier: Apache-2.0
// The page's view of a parameter: the core's declaration (key, kind, default, bounds, unit, help;
// web/src/experiments/generated/<id>.ts, generated from `attnlab --schema`) merged with the
// presentation each experiment adds (label, group, slider, option labels). The control, the URL
// key, validation, clamping and the docs all derive from the merged spec.
import type { Params } from '../engine/core';
import type { Ghost } from '../plots/series';
import { SCHEMAS, type ExperimentId, type ResultOf } from './generated';
import { coreSchema, mergeParam } from './core-schema';
import type { EnumSpec, IntSpec, ParamPresentationBase, ParamSpec, ParamValue, ParamValues } from './param-spec';

export type { ExperimentId };
export type { IntSpec, ParamSpec, ParamValue, ParamValues, RealSpec } from './param-spec';

/** A user file for one of the core's named inputs: parsed off the main thread by the core, never put in the URL. */
export interface UploadSpec {
  /** The core's input name ("pattern", "q", ...). */
  input: string;
  label: string;
  help: string;
  /** File extensions accepted, from the core's input rule (e.g. ['.csv', '.npy', '.json']). */
  accept: string[];
  /** Parameters the file determines (e.g. the pattern size n): not sent to the core when a file is used.
   * The core's input rule declares them. */
  replaces?: string[];
  /** The input a head bundle chosen here also fills (q and k of one head), as the core's rule declares. */
  companion?: string;
  /** The parameter a head bundle's own Q·K scale fills when it is left at its default, as the core's rule declares. */
  scaleParam?: string;
}

/** A figure drawn from a result: a pure function with its data for CSV/JSON export. */
/**
 * What a figure is drawn with: its width, and the previous run to draw faded behind it (line charts; others ignore it).
 */
export interface RenderOptions {
  width: number;
  ghost?: Ghost;
}

export interface Figure {
  id: string;
  title: string;
  /** Renders into a fresh element; must not read global state. */
  render: (options: RenderOptions) => HTMLElement | SVGElement;
  /** Columns for CSV export (one row per record). */
  table: () => { columns: string[]; rows: (number | string)[][] };
  /** One sentence describing what the figure shows, for screen readers and the caption. */
  description?: string;
}

/** One number above the figures; `value` is its text, `raw` the full-precision number (data-value). */
export interface Headline {
  key: string;
  label: string;
  value: string;
  raw?: number;
  help?: string;
}

export interface Preset {
  label: string;
  description: string;
  values: { readonly [key: string]: ParamValue | undefined };
  /** The figure its gallery card shows, when the first one does not tell the preset's story (a uniform heatmap). */
  thumbnail?: string;
}

/**
 * An experiment's presentation; its headline and figures read the result its core declares (ResultOf[Id]).
 * `ExperimentMeta` alone (Id = every id) is the registry's view: the page pairs each result with the
 * experiment that computed it, and headline/figures are methods so that a specific experiment's meta
 * is one (method parameters are compared both ways).
 */
export interface ExperimentMeta<Id extends ExperimentId = ExperimentId> {
  id: Id;
  family: string;
  title: string;
  /** One paragraph: what is computed and what to look for. */
  summary: string;
  params: ParamSpec[];
  upload?: UploadSpec;
  /**
   * Several named files used together (e.g. Q and K, or an attention matrix): one field each; `upload` is then unset.
   */
  uploads?: UploadSpec[];
  presets?: Preset[];
  /** Headline numbers shown above the figures, each with a stable data-key for tests. */
  headline(result: ResultOf[Id], values: ParamValues): Headline[];
  /** `modelName`: the model whose heads the run read (its folder's name, else its architecture), when it was one. */
  figures(result: ResultOf[Id], values: ParamValues, modelName?: string): Figure[];
  /**
   * Optional explanation panel (HTML with KaTeX-rendered formulas), loaded on demand: KaTeX and the
   * texts stay out of the first bundle, so a figure paints before them.
   */
  explain?: () => Promise<HTMLElement>;
}

// ---- the core's schemas, typed -----------------------------------------------------------------

type CoreExperiment = (typeof SCHEMAS)[number];
type CoreOf<Id extends ExperimentId> = Extract<CoreExperiment, { id: Id }>;
type CoreParamOf<Id extends ExperimentId> = CoreOf<Id>['params'][number];
/** Every parameter key of an experiment except the seed and the random stream (they have their own controls). */
type PresentedKey<Id extends ExperimentId> = Exclude<CoreParamOf<Id>['key'], 'seed' | 'rng'>;

type PresentationFor<P> = P extends { kind: 'enum'; values: readonly (infer V extends string)[] }
  ? ParamPresentationBase & { options: Record<V, string> }
  : ParamPresentationBase;
/** Presentation of every parameter of an experiment, and of nothing else (tsc enforces both). */
export type Presentation<Id extends ExperimentId> = {
  [K in PresentedKey<Id>]: PresentationFor<Extract<CoreParamOf<Id>, { key: K }>>;
};
/** A preset names only parameters the experiment has. */
export interface PresetOf<Id extends ExperimentId> {
  label: string;
  description: string;
  values: Partial<Record<PresentedKey<Id>, ParamValue>>;
  /** See Preset.thumbnail. */
  thumbnail?: string;
}

/** The page's parameters of an experiment in the core's order (the seed and the random stream apart). */
export function presentParams<Id extends ExperimentId>(id: Id, presentation: Presentation<Id>): ParamSpec[] {
  const looks: { readonly [key: string]: ParamPresentationBase & { options?: Record<string, string> } } = presentation;
  return coreSchema(id)
    .params.filter((p) => p.key !== 'seed' && p.key !== 'rng')
    .map((p) => mergeParam(p, looks[p.key]));
}

/**
 * A file input of the experiment: its words here; its formats, what it replaces and its companion are the core's rule.
 */
export function presentUpload(id: ExperimentId, input: string, look: Pick<UploadSpec, 'label' | 'help'>): UploadSpec {
  const rule = coreSchema(id).inputs.find((i) => i.name === input);
  if (!rule) throw new Error(`${id} has no input named ${input}`);
  return {
    input,
    accept: rule.formats.map((f) => `.${f}`),
    ...look,
    ...(rule.replaces ? { replaces: [...rule.replaces] } : {}),
    ...(rule.companion ? { companion: rule.companion } : {}),
    ...(rule.scaleParam ? { scaleParam: rule.scaleParam } : {}),
  };
}

/** Whether the experiment reads attention heads (Q and K): then a model's heads can be its input. */
export function takesHeads(meta: Pick<ExperimentMeta, 'upload' | 'uploads'>): boolean {
  return uploadsOf(meta).some((u) => u.input === 'q');
}

/** Every file input of an experiment, in panel order (the one `upload`, or the list `uploads`). */
export function uploadsOf(meta: Pick<ExperimentMeta, 'upload' | 'uploads'>): UploadSpec[] {
  return meta.uploads ?? (meta.upload ? [meta.upload] : []);
}

/** Whether the core runs this experiment as one job (its result needs no combine step). */
export function isSingleJob(id: ExperimentId): boolean {
  return SCHEMAS.find((e) => e.id === id)?.singleJob === true;
}

/** Whether the core gives this experiment's theory curves alone (cheap), so the page can redraw them live. */
export function hasTheory(id: ExperimentId): boolean {
  return SCHEMAS.find((e) => e.id === id)?.hasTheory === true;
}

const seedCore = coreSchema(SCHEMAS[0].id).params.find((p) => p.key === 'seed')!;
export const SEED_SPEC: IntSpec = {
  key: 'seed',
  label: 'Seed',
  kind: 'int',
  default: seedCore.default as number,
  min: seedCore.min as number,
  max: seedCore.max as number,
  help: seedCore.help,
};

const rngCore = coreSchema(SCHEMAS[0].id).params.find((p) => p.key === 'rng')!;
/**
 * The random stream every experiment takes (docs/theory/rank.md#prng-ziggurat): beside the seed, under "Randomness".
 */
export const RNG_SPEC: EnumSpec = {
  key: 'rng',
  label: 'Random stream',
  kind: 'enum',
  default: rngCore.default as string,
  help: rngCore.help,
  options: [
    { value: 'ziggurat', label: 'ziggurat (fast; new links)' },
    { value: 'box-muller', label: 'Box–Muller (links made before version 0.2)' },
  ],
};

/** The presentation of the memory budget every experiment takes. */
export const BUDGET_LOOK = { label: 'Memory budget', group: 'Limits', slider: 'none' } as const;

export function defaults(meta: ExperimentMeta): ParamValues {
  const v: ParamValues = {};
  for (const p of meta.params) v[p.key] = Array.isArray(p.default) ? [...p.default] : p.default;
  v.seed = SEED_SPEC.default;
  v.rng = RNG_SPEC.default;
  return v;
}

/** The params object the core takes: lists comma-joined as in the URL. */
export function toCoreParams(values: ParamValues): Params {
  const out: Params = {};
  for (const [k, v] of Object.entries(values)) out[k] = Array.isArray(v) ? v.join(',') : v;
  return out;
}
