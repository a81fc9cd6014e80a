// SPDX-License-Identifier: Apache-2.0
// A model studied over a corpus, headless: `npm run lab -- rank-zoo model=<folder> corpus=<file> n=64,128,256
// windows=4 [eps=a,b,c] [betaMults=…] [lastLayer=i] [dropFirst=1]`. The corpus is tokenized once, cut into windows of
// exactly n tokens by the core (lab/model_study.hpp), every window's heads go through rank-zoo at each ε, and the core
// merges the runs into one study (rows tagged n, window, ε; each head's spread; Spearman with its bootstrap interval
// beside the published 0.574; the published bands).
import { readFileSync, statSync } from 'node:fs';
import { CoreError, unwrap, type Core, type Inputs, type Params } from './core';
import { ModelError, type ModelFiles } from './model-files';
import { headStacks, OpenedModel } from './model-pass';
import { tokenizeCorpus } from './model-text';
import type { TokenizeRunner } from './tokenize-guard';

/** The largest corpus read (bytes): its tokens are held at once. */
const MAX_CORPUS_BYTES = 64 * 1024 * 1024;

export interface CorpusWords {
  path: string;
  lengths: number[];
  windows: number;
  /** ε of the grid (1 to 3); empty: rank-zoo's own eps. */
  eps: number[];
}

interface CorpusWindow {
  n: number;
  window: number;
  ids: number[];
}

/** One window's run at one ε, as the core's merge reads it. */
interface WindowRun {
  n: number;
  window: number;
  eps: number;
  result: unknown;
}

/** Runs rank-zoo on one window's heads (headless.ts's run: this thread or the worker pool). */
export type RunOnHeads = (params: Params, inputs: Inputs) => Promise<unknown>;

/** The corpus file's text: UTF-8, at most MAX_CORPUS_BYTES. Throws ModelError naming corpus=. */
function readCorpus(path: string): string {
  let size: number;
  try {
    const s = statSync(path);
    if (!s.isFile()) throw new ModelError(`corpus: ${path} is not a regular file`);
    size = s.size;
  } catch (error) {
    if (error instanceof ModelError) throw error;
    throw new ModelError(`corpus: ${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  if (size > MAX_CORPUS_BYTES) throw new ModelError(`corpus: ${size} bytes, more than the ${MAX_CORPUS_BYTES} allowed`);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(readFileSync(path));
  } catch {
    throw new ModelError(`corpus: ${path} is not UTF-8 text`);
  }
}

/** The windows of the corpus for the model (the core cuts them; its refusals name n, windows or corpus). */
export async function corpusWindows(
  core: Core,
  model: OpenedModel,
  files: ModelFiles,
  words: CorpusWords,
  dropFirst: boolean,
  run: TokenizeRunner,
): Promise<CorpusWindow[]> {
  const cut = core.module.modelStudyWindows;
  if (!cut) throw new ModelError('this build of the core cannot study a corpus');
  const tokens = await tokenizeCorpus(files, readCorpus(words.path), run);
  const request = {
    ...tokens,
    prefix: dropFirst ? tokens.prefix.slice(1) : tokens.prefix,
    lengths: words.lengths,
    windows: words.windows,
    tokenLimit: model.info.tokenLimit,
  };
  return unwrap<CorpusWindow[]>(cut(JSON.stringify(request)));
}

/**
 * Every window's heads (layers 0..lastLayer) through rank-zoo at each ε, merged by the core. onProgress: a line per
 * window.
 */
export async function modelStudy(
  core: Core,
  model: OpenedModel,
  windows: CorpusWindow[],
  study: { params: Params; eps: number[]; lastLayer: number; seed: number },
  runOnHeads: RunOnHeads,
  onProgress?: (text: string) => void,
): Promise<unknown> {
  const merge = core.module.modelStudyCombine;
  if (!merge) throw new ModelError('this build of the core cannot study a corpus');
  const layers = Array.from({ length: study.lastLayer + 1 }, (_, i) => i);
  const runs: WindowRun[] = [];
  for (const [i, w] of windows.entries()) {
    onProgress?.(`window ${i + 1} of ${windows.length} (n = ${w.n})`);
    const stacks = await headStacks(model, w.ids, layers);
    if (!stacks) throw new CoreError('stopped');
    const inputs: Inputs = {
      q: { ...stacks.q, sparse: false, file: model.info.name, bundleScale: 1 },
      k: { ...stacks.k, sparse: false, file: model.info.name },
    };
    const grid = study.eps.length ? study.eps : [undefined];
    for (const eps of grid) {
      const params = eps === undefined ? study.params : { ...study.params, eps };
      const result = (await runOnHeads(params, inputs)) as { eps: number };
      runs.push({ n: w.n, window: w.window, eps: eps ?? result.eps, result });
    }
  }
  return unwrap(merge(JSON.stringify(windows), JSON.stringify(runs), study.seed));
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
