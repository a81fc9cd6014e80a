// SPDX-License-Identifier: Apache-2.0
// The worker side of a study over a corpus in the page (ui/corpus/corpus-panel.ts): the whole lab's core (the one
// module with the study's cut and merge, lab/model_study.hpp) cuts the windows, runs each window's heads through
// rank-zoo at each ε and merges the finished windows: the steps of engine/corpus-study.ts, as `npm run lab` takes them.
import type { Core, Params } from './core';
import {
  cutWindows,
  headsParams,
  mergeStudy,
  runWindow,
  stackInputs,
  type CorpusCut,
  type CorpusWindow,
  type WindowRun,
} from './corpus-study';
import { wallSeconds } from './estimate';
import type { HeadStacks } from './model-pass';

/** The shape of one window's head stacks: layers read × heads a layer × head dimension. */
interface StackShape {
  layers: number;
  heads: number;
  headDim: number;
}

export function studyApi(core: () => Promise<Core>) {
  return {
    /** Starts loading the whole lab's core now: a study's second worker loads it while the first one analyses. */
    studyPrepare(): void {
      core().catch(() => undefined); // a failed load is reported by the call that needs the core
    },
    async studyWindows(cut: CorpusCut): Promise<CorpusWindow[]> {
      return cutWindows(await core(), cut);
    },
    /**
     * The analysis's wall time over `workers` study workers (estimate.ts), in seconds: the core's plan of rank-zoo on
     * one window of each length (heads of zeros: a plan reads only their shape), at every ε, a window at a time to the
     * first free worker as the page hands them out (engine/window-schedule.ts). Undefined without a time model.
     */
    async studyEstimate(params: Params, windows: CorpusWindow[], eps: number, shape: StackShape, workers: number) {
      const c = await core();
      const secondsOf = new Map<number, number | undefined>();
      for (const n of new Set(windows.map((w) => w.n))) {
        const dims = [shape.layers, shape.heads, n, shape.headDim];
        const zeros = { shape: dims, values: new Float64Array(dims.reduce((a, b) => a * b, 1)) };
        const inputs = stackInputs({ q: zeros, k: { shape: [...dims], values: zeros.values } }, 'estimate');
        const { jobs } = c.plan('rank-zoo', headsParams(params), inputs);
        const known = jobs.every((job) => typeof job.estimatedSeconds === 'number');
        const seconds = jobs.reduce((sum, job) => sum + (job.estimatedSeconds ?? 0), 0) * Math.max(1, eps);
        secondsOf.set(n, known && jobs.length ? seconds : undefined);
      }
      const jobs = windows.map((w) => ({ params: {}, at: {}, estimatedSeconds: secondsOf.get(w.n) }));
      return wallSeconds({ jobs }, workers);
    },
    /** One window's heads through rank-zoo at each ε (empty: rank-zoo's own eps). */
    async studyWindow(
      w: CorpusWindow,
      stacks: HeadStacks,
      study: { params: Params; eps: number[]; name: string },
    ): Promise<WindowRun[]> {
      const c = await core();
      return runWindow(
        w,
        stackInputs(stacks, study.name),
        { ...study, params: headsParams(study.params) },
        (params, inputs) => c.run('rank-zoo', params, inputs),
      );
    },
    /** The study of the finished windows, as the core merges them. */
    async studyMerge(windows: CorpusWindow[], runs: WindowRun[], seed: number): Promise<unknown> {
      return mergeStudy(await core(), windows, runs, seed);
    },
  };
}
