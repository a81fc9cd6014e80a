// SPDX-License-Identifier: Apache-2.0
// Typed facade over the wasm module: JSON envelopes in and out, errors turned into thrown Errors.
// The same facade runs in a Web Worker, in Node (headless runs, Vitest) and on the main thread.
// A result is typed by its experiment id: ResultOf[id], generated from the core's declared result shape.
import type { ExperimentId, ResultOf } from '../experiments/generated';

export type Params = Record<string, string | number | number[] | string[]>;
/** One job's own result: only the experiment's combine reads it (its shape is not declared). */
export interface FinishedJob {
  index: number;
  result: unknown;
}
/** One job as plan returns it: the user's parameters and the job's coordinates, kept apart. */
export interface PlannedJob {
  params: Params;
  at: Record<string, number | string>;
  estimatedSeconds?: number | null;
}
/** What plan returns: the jobs, whether the one job's result is the result (no combine step), and the
 * core's estimates: peak bytes of the largest job and seconds of all jobs on one native core (null
 * when the experiment has no model; see docs/cost-model.md). */
export interface Plan {
  jobs: PlannedJob[];
  singleJob: boolean;
  estimatedBytes: number | null;
  estimatedSeconds: number | null;
}

/** A parsed input file (the core's one parser): row-major values with their shape, or sparse triplets.
 * A head bundle (paper 3) may also give its Q·K scale, which the run takes as its scale parameter. */
export interface InputArray {
  shape: number[];
  sparse: boolean;
  values: Float64Array;
  bundleScale?: number;
  /** The file's name, as the core's refusals name it (the page sets it; the input's name when absent). */
  file?: string;
}
/** Parsed files by input name ("pattern", "q", ...). Never part of a link. */
export type Inputs = Record<string, InputArray>;

/** progress(done, total, label): label says what a long step is doing ("singular values of …"). */
export type ProgressCallback = (done: number, total: number, label: string) => boolean | void;

/** The part of one experiment's schema (`attnlab --schema`) code that knows no experiment reads; the
 * full, exact types are generated (experiments/generated/<id>.ts). */
export interface CoreSchema {
  id: string;
  family: string;
  singleJob: boolean;
  hasTheory: boolean;
  params: { key: string; kind: string }[];
  inputs: { name: string; formats: string[] }[];
  result: unknown;
}

/** A parsed command line of `attnlab` or `npm run lab` (attnlab::commandJson). `id` is an experiment the core
 * lists (the parse refuses any other; schema.test.ts checks the list is the generated one), '' for usage and schema. */
export interface Command {
  kind: 'usage' | 'schema' | 'syntax' | 'help' | 'run' | 'plan' | 'run-job' | 'combine';
  asked: boolean;
  id: ExperimentId;
  params: Params;
  files: [string, string][];
  maxSeconds: string;
  pool: number;
  jobsPath: string;
  output: string;
  missingDir: string;
  resultsDir: string;
  print: string;
  index: number;
  allowPartial: boolean;
}

/** The Embind class of wasm/bindings/model.cpp (JSON strings in and out). */
export interface ModelSessionModule {
  setFile(name: string, size: number): void;
  put(name: string, offset: number, bytes: Uint8Array): void;
  open(): string;
  start(ids: string, lastLayer: number): string;
  nextReads(): string;
  readsAt(layer: number): string;
  /** Runs the pass's kernels on made-up numbers, so that the engine optimises them before the first layer. */
  warm(): number;
  step(): string;
  weightReads(layer: number): string;
  weightStep(layer: number): string;
  /** The head stacks, filled in the core (model/head_stack.hpp): before the pass, after each step, at the end. */
  stackStart(layers: number, tokens: number): boolean;
  stackLayer(): boolean;
  stackValues(name: 'q' | 'k'): Float64Array | null;
  q(): Float64Array | null;
  k(): Float64Array | null;
  headJson(head: number): string;
  delete(): void;
}

/** The raw Embind surface (wasm/bindings/*.cpp). */
export interface CoreModule {
  plan(id: string, params: string, inputs: Inputs | undefined): string;
  runJob(
    id: string,
    job: string,
    inputs: Inputs | undefined,
    progress: (done: number, total: number, label: string) => boolean,
  ): string;
  combine(id: string, params: string, finished: string): string;
  theory(id: string, params: string): string;
  parseInput(
    id: string,
    input: string,
    fileName: string,
    bytes: Uint8Array,
    budgetMiB: number,
  ): { ok: true; value: InputArray } | { ok: false; error: string; badInput: boolean };
  listExperiments(): string;
  /** A sweep in shards (wasm/bindings/sweep.cpp, lab/sweep.hpp): JSON strings in, envelopes out. */
  sweepPlan(id: string, params: string): string;
  sweepReadJobs(id: string, fileName: string, text: string): string;
  sweepShard(line: string, result: string): string;
  sweepCheck(jobs: string, folder: string, files: string): string;
  sweepCombine(jobs: string, folder: string, files: string): string;
  /** The command line of `attnlab` and `npm run lab` (wasm/bindings/command_line.cpp, host/command_line.hpp). */
  commandParse(args: string, maxPool: number): string;
  commandUsage(program: string, pool: boolean): string;
  commandSyntax(): string;
  commandFileProblem(path: string, kind: string, sizeBytes: number): string;
  /** What a parsed plan, run-job or combine command reads: [{path, folder, what}] as JSON (attnlab::commandReads). */
  commandReads(command: string): string;
  /**
   * The refusal of an -o that is read number `read` of commandReads, or a file `entry` of it ("" : a new file inside
   * the folder).
   */
  commandOutputCollision(command: string, read: number, entry: string): string;
  commandPrepare(
    id: string,
    params: string,
    maxSeconds: string,
    files: { name: string; path: string; bytes?: Uint8Array; problem?: string }[],
  ):
    | { ok: true; params: string; inputs: Inputs; notes: string[]; jobs: number }
    | { ok: false; error: string; badInput: boolean };
  commandPlanOutput(lines: string, done: string, print: string): string;
  commandRefusedLines(checked: string): string;
  commandCombineVerdict(merged: string, jobs: number, resultsDir: string, allowPartial: boolean): string;
  /** The table `attnlab <id> --help` prints. */
  experimentHelp(id: string): string;
  /** A JSON text against every experiment's declared result shape: {id: first mismatch, '' when it fits}. */
  resultMismatches(text: string): string;
  /** "Your own model" (wasm/bindings/model.cpp): only in the whole lab's module and the model module. */
  ModelSession?: new () => ModelSessionModule;
  modelQkParse?(args: string): string;
  modelQkUsage?(program: string): string;
  /** An experiment's words with a model's keys, parsed by the core (model/model_request.hpp). */
  modelRequestParse?(args: string): string;
  /** The model keys `<id> --help` adds for an experiment that takes heads ('' for the others). */
  modelRunHelp?(id: string): string;
  /** A model studied over a corpus (wasm/bindings/model_study.cpp): its windows, and the merge of their results. */
  modelStudyWindows?(request: string): string;
  modelStudyCombine?(windows: string, runs: string, seed: number): string;
  modelStudyJobs?(plan: string, windows: string): string;
  modelStudyIsJobs?(text: string): boolean;
  modelStudyReadJobs?(fileName: string, text: string): string;
  modelStudyShard?(line: string, runs: string): string;
  modelStudyCombineShards?(jobs: string, folder: string, files: string): string;
  headAttention?(q: Float64Array, k: Float64Array, n: number, d: number, causal: boolean): Float64Array | null;
  heapInUse(): number;
  stackPointer(): number;
  rngProbe(seed: number, count: number): string;
  HEAPU8: Uint8Array;
}

/** An error reported by the core: bad input names the parameter and its allowed range. */
export class CoreError extends Error {
  /** badInput: the parameters were refused (the message names one and its range), not a failed run.
   * key: the parameter or input the refusal is about, as the core names it (host/error_key.hpp), when one is. */
  constructor(
    message: string,
    readonly badInput = false,
    readonly key?: string,
  ) {
    super(message);
    this.name = 'CoreError';
  }
  get stopped(): boolean {
    return this.message === 'stopped';
  }
}

/**
 * Parses a core envelope {"ok":..,"value"|"error"}: the value, or a thrown CoreError. T is what the
 * entry point that wrote the envelope returns (wasm/bindings): the one place the core's word is taken
 * for a type, checked by the golden result-shape tests; unknown when the caller does not know it.
 */
export function unwrap<T = unknown>(envelope: string): T {
  const parsed = JSON.parse(envelope) as { ok: boolean; value?: T; error?: string; badInput?: boolean; key?: string };
  if (!parsed.ok)
    throw new CoreError(parsed.error ?? 'unknown error in the core', parsed.badInput === true, parsed.key);
  return parsed.value as T;
}

export class Core {
  constructor(readonly module: CoreModule) {}

  /** Every experiment's schema as the core declares it (params, inputs, result shape). */
  experiments(): CoreSchema[] {
    return JSON.parse(this.module.listExperiments()) as CoreSchema[];
  }

  /**
   * A JSON text (a result file's result) judged against every experiment's declared result shape by the
   * core: {id: the first mismatch, '' when it fits}. Throws a CoreError (badInput) when it is not JSON.
   */
  resultMismatches(text: string): Record<string, string> {
    return unwrap<Record<string, string>>(this.module.resultMismatches(text));
  }

  /** Validates params (and the shapes of the inputs) and splits them into independent jobs. */
  plan(id: string, params: Params, inputs?: Inputs): Plan {
    return unwrap<Plan>(this.module.plan(id, JSON.stringify(params), inputs));
  }

  /** Runs one job. onProgress must not throw: an exception crossing wasm frames would leak. */
  runJob(id: string, job: PlannedJob, inputs?: Inputs, onProgress?: ProgressCallback): unknown {
    const progress = (done: number, total: number, label: string): boolean => {
      try {
        return onProgress?.(done, total, label) !== false;
      } catch {
        return false;
      }
    };
    return unwrap(this.module.runJob(id, JSON.stringify(job), inputs, progress));
  }

  /** Aggregates any subset of finished jobs into a (partial) result. */
  combine<Id extends ExperimentId>(id: Id, params: Params, finished: FinishedJob[]): ResultOf[Id] {
    return unwrap<ResultOf[Id]>(this.module.combine(id, JSON.stringify(params), JSON.stringify(finished)));
  }

  /**
   * The experiment's theory curves alone (cheap: closed forms), for redrawing while a parameter moves: some of its
   * result's keys.
   */
  theory<Id extends ExperimentId>(id: Id, params: Params): Partial<ResultOf[Id]> {
    return unwrap<Partial<ResultOf[Id]>>(this.module.theory(id, JSON.stringify(params)));
  }

  /** Parses one named input file with the core's parser (the same one the native CLI uses). */
  parseInput(id: string, input: string, fileName: string, bytes: Uint8Array, budgetMiB = 1024): InputArray {
    const out = this.module.parseInput(id, input, fileName, bytes, budgetMiB);
    if (!out.ok) throw new CoreError(out.error, true);
    return out.value;
  }

  /**
   * A plan's jobs in this thread, in order. `progress` hears the fraction of all the jobs done and what the current
   * step does, and stops the run at the core's next step by returning false (a CoreError 'stopped'); `finished` hears
   * each job's result as it finishes (so a caller keeps them when a later job stops or fails).
   */
  runJobs(
    id: string,
    jobs: PlannedJob[],
    inputs?: Inputs,
    on: { progress?: (fraction: number, label: string) => boolean | void; finished?: (job: FinishedJob) => void } = {},
  ): FinishedJob[] {
    return jobs.map((job, index) => {
      const result = this.runJob(id, job, inputs, (done, total, label) =>
        on.progress?.((index + (total > 0 ? done / total : 0)) / jobs.length, label),
      );
      on.finished?.({ index, result });
      return { index, result };
    });
  }

  /**
   * What a plan's finished jobs give: the one job's own result when the plan says it is the result (singleJob), else
   * the experiment's combine of them.
   */
  resultOf<Id extends ExperimentId>(id: Id, params: Params, singleJob: boolean, finished: FinishedJob[]): ResultOf[Id] {
    const ordered = [...finished].sort((a, b) => a.index - b.index);
    // plan says whether the one job's result is the whole result (singleJob): then it has the result's shape.
    return singleJob ? (ordered[0].result as ResultOf[Id]) : this.combine(id, params, ordered);
  }

  /** plan + every job + combine, in this thread (what headless runs do). A single job's result is the result. */
  run<Id extends ExperimentId>(
    id: Id,
    params: Params,
    inputs?: Inputs,
    onProgress?: (fraction: number, label: string) => void,
  ): ResultOf[Id] {
    const { jobs, singleJob } = this.plan(id, params, inputs);
    return this.resultOf(id, params, singleJob, this.runJobs(id, jobs, inputs, { progress: onProgress }));
  }
}
