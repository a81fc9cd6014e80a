// SPDX-License-Identifier: Apache-2.0
// A model studied over a corpus, headless: `npm run lab -- rank-zoo model=<folder> corpus=<file> n=64,128,256
// windows=4 [eps=a,b,c] [betaMults=…] [lastLayer=i] [dropFirst=1]`. The corpus is tokenized once, cut into windows of
// exactly n tokens by the core (lab/model_study.hpp), every window's heads go through rank-zoo at each ε, and the core
// merges the runs into one study (rows tagged n, window, ε; each head's spread; Spearman with its bootstrap interval
// beside the published 0.574; the published bands).
import { readFileSync, statSync } from 'node:fs';
import type { Core } from './core';
import { cutWindows, type CorpusWindow, type CorpusWords } from './corpus-study';
import { ModelError, type ModelFiles } from './model-files';
import type { OpenedModel } from './model-pass';
import { tokenizeCorpus } from './model-text';
import type { TokenizeRunner } from './tokenize-guard';

/** The largest corpus read (bytes): its tokens are held at once. */
const MAX_CORPUS_BYTES = 64 * 1024 * 1024;

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
  const tokens = await tokenizeCorpus(files, readCorpus(words.path), run);
  return cutWindows(core, {
    ...tokens,
    prefix: dropFirst ? tokens.prefix.slice(1) : tokens.prefix,
    lengths: words.lengths,
    windows: words.windows,
    tokenLimit: model.info.tokenLimit,
  });
}
