// SPDX-License-Identifier: Apache-2.0
// A planned study over a corpus run in the page (corpus-panel.ts plans and draws it): the model's worker reads each
// window's heads while up to two workers of the whole lab's core analyse the windows already read
// (engine/window-schedule.ts), then one of them merges the finished windows in window order, as the sequential study
// and `npm run lab -- rank-zoo model=… corpus=…` merge them. A Stop keeps the finished windows: the workers caught
// mid-window are terminated and a worker still whole (or a fresh one) merges the rest.
import * as Comlink from 'comlink';
import type { Params } from '../../engine/core';
import type { CorpusWindow, WindowRun } from '../../engine/corpus-study';
import type { HeadStacks } from '../../engine/model-pass';
import { defaultPoolSize } from '../../engine/pool';
import { scheduleWindows, type WindowSteps } from '../../engine/window-schedule';
import { coreWorker } from '../../engine/worker-runner';
import type { CorpusStudy } from '../../state/study-file';
import { openModel } from '../model/session';
import type { CorpusControls } from './corpus-form';
import * as P from './corpus-plan';

type OpenModel = NonNullable<ReturnType<typeof openModel>>;
type StudyWorker = ReturnType<typeof coreWorker>;

/** Everything a study needs before its first window: the model, the windows, the parameters and the estimate. */
export interface Planned {
  model: OpenModel;
  /** The worker that cut the windows: the study's first. */
  worker: StudyWorker;
  /** How many workers analyse the windows (the estimate's). */
  workers: number;
  windows: CorpusWindow[];
  params: Params;
  eps: number[];
  seconds: number | undefined;
  summary: string;
}

/** Two study workers on a machine of two cores or more (the page's pool takes every core), one per window at most. */
export const studyWorkerCount = (windows: number): number => Math.max(1, Math.min(2, defaultPoolSize(), windows));

/** A study's finished windows merged (undefined: none finished), how many of them, and whether it was stopped. */
interface StudyOutcome {
  study: CorpusStudy | undefined;
  finished: number;
  stopped: boolean;
}

/** The page's steps: the model's worker reads a window's heads, a study worker runs them, the status follows. */
function pageSteps(planned: Planned, workers: StudyWorker[], c: CorpusControls): WindowSteps<HeadStacks, WindowRun> {
  const { model, windows, params, eps } = planned;
  const study = { params, eps, name: model.info.name };
  return {
    async read(i) {
      const stacks = await model.api.modelWindowHeads(windows[i].ids, model.lastLayer);
      if (!stacks) throw new Error('the model’s heads could not be read');
      return stacks;
    },
    analyse(worker, i, stacks) {
      const buffers = [stacks.q.values.buffer as ArrayBuffer, stacks.k.values.buffer as ArrayBuffer];
      return workers[worker].api.studyWindow(windows[i], Comlink.transfer(stacks, buffers), study);
    },
    progress(finished, reached) {
      const n = windows[reached]?.n ?? 0;
      c.status.textContent = `Running the study: ${P.windowProgress(finished, windows.length, n)}. ${planned.summary}`;
      c.progress.value = finished / windows.length;
    },
  };
}

/** Runs a planned study's windows until done or stopped, and merges the finished ones; every worker ends with it. */
export async function runPlanned(planned: Planned, c: CorpusControls, stopped: Promise<void>): Promise<StudyOutcome> {
  const workers = [planned.worker];
  try {
    while (workers.length < planned.workers) {
      const added = coreWorker();
      void added.api.studyPrepare().catch(() => undefined); // its core loads while the first worker analyses
      workers.push(added);
    }
    const shape = { windows: planned.windows.length, workers: workers.length, inHand: Math.max(2, workers.length) };
    const out = await scheduleWindows(shape, pageSteps(planned, workers, c), stopped);
    // A worker caught mid-window is abandoned; one still whole, else a fresh core, merges the finished windows.
    for (const i of out.abandoned) workers[i].worker.terminate();
    if (!out.finished.length) return { study: undefined, finished: 0, stopped: out.stopped };
    let merger = workers.find((_, i) => !out.abandoned.includes(i));
    if (!merger) workers.push((merger = coreWorker()));
    const done = out.finished.map((i) => planned.windows[i]);
    const seed = Number(planned.params.seed ?? 1);
    const study = (await merger.api.studyMerge(done, out.runs, seed)) as CorpusStudy;
    return { study, finished: done.length, stopped: out.stopped };
  } finally {
    for (const w of workers) w.worker.terminate();
  }
}
