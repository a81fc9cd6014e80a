// SPDX-License-Identifier: Apache-2.0
// A model studied over a corpus, the steps every host shares (lab/model_study.hpp): the windows cut by the core from
// the corpus's tokens, one window's heads through rank-zoo at each ε, and the core's merge of the finished windows. No
// I/O: headless (model-study.ts) reads the corpus from a file, the page (ui/corpus/corpus-panel.ts) from a file or
// pasted text, and both go through these, so the page's numbers are `npm run lab`'s.
import { CoreError, unwrap, type Core, type Inputs, type Params } from './core';
import { ModelError } from './model-files';
import type { HeadStacks } from './model-pass';

export interface CorpusWords {
  /** The corpus: its file (headless) or its name (the page). */
  path: string;
  lengths: number[];
  windows: number;
  /** ε of the grid (1 to 3); empty: rank-zoo's own eps. */
  eps: number[];
}

export interface CorpusWindow {
  n: number;
  window: number;
  ids: number[];
}

/** One window's run at one ε, as the core's merge reads it. */
export interface WindowRun {
  n: number;
  window: number;
  eps: number;
  result: unknown;
}

/** Runs rank-zoo on one window's heads (headless.ts's run: this thread or the worker pool; the page: its worker). */
export type RunOnHeads = (params: Params, inputs: Inputs) => Promise<unknown> | unknown;

/** The corpus's token stream and the special tokens around one sequence (model-text.ts: tokenizeCorpus). */
export interface CorpusCut {
  stream: number[];
  prefix: number[];
  suffix: number[];
  lengths: number[];
  windows: number;
  tokenLimit: number;
}

/** The core of a build that studies corpora (the whole lab's module). */
function studyCore(core: Core) {
  const { modelStudyWindows, modelStudyCombine } = core.module;
  if (!modelStudyWindows || !modelStudyCombine) throw new ModelError('this build of the core cannot study a corpus');
  return { modelStudyWindows, modelStudyCombine };
}

/** The windows of the corpus (the core cuts them; its refusals name n, windows or corpus). */
export const cutWindows = (core: Core, cut: CorpusCut): CorpusWindow[] =>
  unwrap<CorpusWindow[]>(studyCore(core).modelStudyWindows(JSON.stringify(cut)));

/** A window's head stacks as rank-zoo's q and k inputs (each layer's attention scale already in Q). */
export const stackInputs = (stacks: HeadStacks, name: string): Inputs => ({
  q: { ...stacks.q, sparse: false, file: name, bundleScale: 1 },
  k: { ...stacks.k, sparse: false, file: name },
});

/**
 * A model's heads carry each layer's attention scale in Q, so rank-zoo's scale left at its default (0: 1/√d_h) is 1,
 * as the command line's rule for a head bundle's scale makes it (host/command_run.cpp) and the page's panel writes it.
 */
export const headsParams = (params: Params): Params =>
  Number(params.scale ?? 0) === 0 ? { ...params, scale: 1 } : params;

/** One window's heads through rank-zoo at each ε of the grid (empty: rank-zoo's own eps). */
export async function runWindow(
  w: CorpusWindow,
  inputs: Inputs,
  study: { params: Params; eps: number[] },
  runOnHeads: RunOnHeads,
): Promise<WindowRun[]> {
  const runs: WindowRun[] = [];
  for (const eps of study.eps.length ? study.eps : [undefined]) {
    const params = eps === undefined ? study.params : { ...study.params, eps };
    const result = (await runOnHeads(params, inputs)) as { eps: number };
    runs.push({ n: w.n, window: w.window, eps: eps ?? result.eps, result });
  }
  return runs;
}

/** The study of the finished windows (those with runs), merged by the core; seed: the bootstrap's. */
export const mergeStudy = (core: Core, windows: CorpusWindow[], runs: WindowRun[], seed: number): unknown =>
  unwrap(studyCore(core).modelStudyCombine(JSON.stringify(windows), JSON.stringify(runs), seed));

/**
 * Every window's heads (from `stacksOf`, layers 0..lastLayer) through rank-zoo at each ε, merged by the core.
 * onProgress: a line per window.
 */
export async function modelStudy(
  core: Core,
  windows: CorpusWindow[],
  study: { params: Params; eps: number[]; seed: number; name: string },
  stacksOf: (ids: number[]) => Promise<HeadStacks | undefined>,
  runOnHeads: RunOnHeads,
  onProgress?: (text: string) => void,
): Promise<unknown> {
  studyCore(core);
  const runs: WindowRun[] = [];
  for (const [i, w] of windows.entries()) {
    onProgress?.(`window ${i + 1} of ${windows.length} (n = ${w.n})`);
    const stacks = await stacksOf(w.ids);
    if (!stacks) throw new CoreError('stopped');
    runs.push(...(await runWindow(w, stackInputs(stacks, study.name), study, runOnHeads)));
  }
  return mergeStudy(core, windows, runs, study.seed);
}

/** corpus=, n=, windows= and eps= (a list) taken off the arguments; undefined without corpus=. */
export function corpusWords(take: (key: string) => string | undefined): CorpusWords | undefined {
  const path = take('corpus');
  if (path === undefined) return undefined;
  const list = (key: string, text: string, pattern: RegExp, what: string) => {
    const items = text.split(',');
    if (!items.every((x) => pattern.test(x))) throw new ModelError(`${key}: '${text.slice(0, 40)}' is not ${what}`);
    return items.map(Number);
  };
  const lengths = list('n', take('n') ?? '128', /^\d{1,5}$/, 'a list of window lengths in tokens (64,128,256)');
  if (lengths.length > 8 || lengths.some((n) => n < 2) || new Set(lengths).size !== lengths.length)
    throw new ModelError('n: give 1 to 8 different window lengths, each at least 2 tokens');
  const windowsText = take('windows') ?? '1';
  if (!/^\d{1,4}$/.test(windowsText) || Number(windowsText) < 1 || Number(windowsText) > 1000)
    throw new ModelError(`windows: '${windowsText.slice(0, 20)}' is not a number of windows in [1, 1000]`);
  const epsText = take('eps');
  const eps = epsText === undefined ? [] : list('eps', epsText, /^\d*\.?\d+(e-?\d+)?$/, 'a list of 1 to 3 numbers');
  if (eps.length > 3) throw new ModelError('eps: a study takes 1 to 3 error levels');
  return { path, lengths, windows: Number(windowsText), eps };
}
