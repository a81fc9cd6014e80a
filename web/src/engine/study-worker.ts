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
    async studyWindows(cut: CorpusCut): Promise<CorpusWindow[]> {
      return cutWindows(await core(), cut);
    },
    /**
     * The analysis's wall time in one worker (estimate.ts), in seconds: the core's plan of rank-zoo on one window of
     * each length (heads of zeros: a plan reads only their shape), for every window and ε. Undefined without a time
     * model.
     */
    async studyEstimate(params: Params, windows: CorpusWindow[], eps: number, shape: StackShape) {
      const c = await core();
      const jobsOf = new Map<number, ReturnType<Core['plan']>['jobs']>();
      for (const n of new Set(windows.map((w) => w.n))) {
        const dims = [shape.layers, shape.heads, n, shape.headDim];
        const zeros = { shape: dims, values: new Float64Array(dims.reduce((a, b) => a * b, 1)) };
        const inputs = stackInputs({ q: zeros, k: { shape: [...dims], values: zeros.values } }, 'estimate');
        jobsOf.set(n, c.plan('rank-zoo', headsParams(params), inputs).jobs);
      }
      const jobs = windows.flatMap((w) => Array.from({ length: Math.max(1, eps) }, () => jobsOf.get(w.n)!).flat());
      return wallSeconds({ jobs }, 1);
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
