// Typed facade over the wasm module: JSON envelopes in and out, errors turned into thrown Errors.
// The same facade runs in a Web Worker, in Node (headless runs, Vitest) and on the main thread.

export type Params = Record<string, string | number | number[] | string[]>;
export type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
export interface FinishedJob { index: number; result: Json }

/** The raw Embind surface (wasm/bindings/*.cpp). */
export interface CoreModule {
  plan(id: string, params: string): string;
  runJob(id: string, job: string, upload: Float64Array | undefined, progress: (done: number, total: number) => boolean): string;
  combine(id: string, params: string, finished: string): string;
  listExperiments(): string;
  heapInUse(): number;
  stackPointer(): number;
  rngProbe(seed: number, count: number): string;
  HEAPU8: Uint8Array;
}

/** An error reported by the core: bad input names the parameter and its allowed range. */
export class CoreError extends Error {
  /** badInput: the parameters were refused (the message names one and its range), not a failed run. */
  constructor(message: string, readonly badInput = false) {
    super(message);
    this.name = 'CoreError';
  }
  get stopped(): boolean { return this.message === 'stopped'; }
}

/** Parses a core envelope {"ok":..,"value"|"error"}: the value, or a thrown CoreError. */
export function unwrap(envelope: string): Json {
  const parsed = JSON.parse(envelope) as { ok: boolean; value?: Json; error?: string; badInput?: boolean };
  if (!parsed.ok) throw new CoreError(parsed.error ?? 'unknown error in the core', parsed.badInput === true);
  return parsed.value;
}

export class Core {
  constructor(readonly module: CoreModule) {}

  experiments(): { id: string; family: string }[] {
    return JSON.parse(this.module.listExperiments());
  }

  /** Validates params and splits them into independent jobs (sweep points). */
  plan(id: string, params: Params): Params[] {
    return unwrap(this.module.plan(id, JSON.stringify(params)));
  }

  /** Runs one job. onProgress must not throw: an exception crossing wasm frames would leak. */
  runJob(id: string, job: Params, upload?: Float64Array, onProgress?: (done: number, total: number) => boolean | void): Json {
    const progress = (done: number, total: number): boolean => {
      try { return onProgress?.(done, total) !== false; } catch { return false; }
    };
    return unwrap(this.module.runJob(id, JSON.stringify(job), upload, progress));
  }

  /** Aggregates any subset of finished jobs into a (partial) result. */
  combine(id: string, params: Params, finished: FinishedJob[]): Json {
    return unwrap(this.module.combine(id, JSON.stringify(params), JSON.stringify(finished)));
  }

  /** plan + every job + combine, in this thread (what headless runs do). */
  run(id: string, params: Params, upload?: Float64Array, onProgress?: (fraction: number) => void): Json {
    const jobs = this.plan(id, params);
    const finished: FinishedJob[] = [];
    jobs.forEach((job, index) => {
      const result = this.runJob(id, job, upload, (done, total) => {
        onProgress?.((index + (total > 0 ? done / total : 0)) / jobs.length);
        return true;
      });
      finished.push({ index, result });
    });
    return this.combine(id, params, finished);
  }
}
