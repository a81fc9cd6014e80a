// SPDX-License-Identifier: Apache-2.0
// How long a planned run should take in this browser: the core's per-job estimates (seconds on one
// native core of the reference machine: docs/cost-model.md) times wasm's measured slowdown, spread
// over the pool as the pool takes them (in plan order, each job to the first free worker).
import type { Plan } from './core';

/** wasm in a browser against the native build, measured by bench/attention-map.mjs (1.3–2.2×). */
export const WASM_SLOWDOWN = 2;

/** The estimated wall time in seconds, or undefined when the experiment has no time model. */
export function wallSeconds(plan: Pick<Plan, 'jobs'>, workers: number): number | undefined {
  if (plan.jobs.length === 0 || plan.jobs.some((job) => typeof job.estimatedSeconds !== 'number')) return undefined;
  const busy = new Array<number>(Math.max(1, Math.min(workers, plan.jobs.length))).fill(0);
  for (const job of plan.jobs) {
    let first = 0;
    for (let w = 1; w < busy.length; w++) if (busy[w] < busy[first]) first = w;
    busy[first] += (job.estimatedSeconds as number) * WASM_SLOWDOWN;
  }
  return Math.max(...busy);
}

/** A run estimated to take longer than this here (seconds) waits for Run instead of starting (a link, weights only). */
export const ASK_BEFORE_SECONDS = 30;

/**
 * Native seconds per unit of a weights-only head's count (n·d_h² + n²·d_h), measured by `npm run bench -- model-zoo`
 * on the 2-core reference machine: 144 BERT-base forms (n = 768, d_h = 64) in about 6 s headless on two workers.
 */
export const WEIGHTS_ONLY_SECONDS_PER_UNIT = 1e-9;

/** rank-zoo on a model's weights only: `heads` bilinear forms over the hidden size, each of rank <= headDim. */
interface WeightsOnlyRun {
  heads: number;
  hidden: number;
  headDim: number;
  temperatures: number;
}

/**
 * rank-zoo's wall time here on a model's weights only (docs/cost-model.md): per head and temperature, n·d_h² for the
 * thin factorizations of the form (n = hidden) and n² for each truncation rank up to its rank d_h, at a measured
 * constant, spread over `workers` as wallSeconds spreads a plan's jobs. The core's plan of such heads (its n^1.7 of
 * heads on a text) over-estimates forms, whose certificates end sooner.
 */
export function weightsOnlySeconds(run: WeightsOnlyRun, workers: number): number | undefined {
  const { hidden: n, headDim: d } = run;
  const job = { params: {}, at: {}, estimatedSeconds: WEIGHTS_ONLY_SECONDS_PER_UNIT * (n * d * d + n * n * d) };
  return wallSeconds({ jobs: new Array(run.heads * run.temperatures).fill(job) }, workers);
}

/** "8 s", "3 min 20 s", "2 h 5 min": a duration as people say it, rounded to what an estimate means. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return 'an unknown time';
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
  if (seconds < 3600) {
    let m = Math.floor(seconds / 60),
      s = Math.round((seconds - 60 * m) / 10) * 10;
    if (s === 60) {
      m += 1;
      s = 0;
    }
    if (m === 60) return '1 h';
    return s ? `${m} min ${s} s` : `${m} min`;
  }
  const h = Math.floor(seconds / 3600),
    m = Math.round((seconds - 3600 * h) / 60);
  return m === 60 ? `${h + 1} h` : m ? `${h} h ${m} min` : `${h} h`;
}
