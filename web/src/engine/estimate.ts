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
