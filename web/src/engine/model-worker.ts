// SPDX-License-Identifier: Apache-2.0
// The worker side of "Open a model…" (engine/model-pass.ts): the folder's files stay in the worker that opened them
// and are read from there, layer by layer; only the head stacks (Q and K of every head read) come back, transferred.
import * as Comlink from 'comlink';
import type { Core } from './core';
import { headStacks, OpenedModel, type HeadStacks, type ModelInfo, type PassProgress } from './model-pass';
import { portReader } from './model-reader';
import { ModelError } from './model-files';
import { tokenizeCorpus, tokenizeForModel, type ModelTokens } from './model-text';
import { webTokenizer } from './tokenize-web';

/** What the page gets back from a pass: the tokens read and every head of layers 0..lastLayer. */
export interface ModelHeads extends ModelTokens {
  stacks: HeadStacks;
  estimateBytes: number;
}

/** The open model's reads for a corpus study (ui/corpus/corpus-panel.ts): the corpus's tokens, one window's heads. */
function corpusReads(current: () => { model: OpenedModel; files: Map<string, Blob> }) {
  return {
    /** A corpus's token stream and the special tokens around one sequence (a study's windows are cut from them). */
    async modelCorpusTokens(corpus: string) {
      const { model, files } = current();
      return { ...(await tokenizeCorpus(files, corpus, webTokenizer)), tokenLimit: model.info.tokenLimit };
    },
    /** Every head of layers 0..lastLayer on one window's token ids (a study's), transferred. */
    async modelWindowHeads(ids: number[], lastLayer: number): Promise<HeadStacks | undefined> {
      const stacks = await headStacks(current().model, ids, lastLayer);
      return (
        stacks &&
        Comlink.transfer(stacks, [stacks.q.values.buffer as ArrayBuffer, stacks.k.values.buffer as ArrayBuffer])
      );
    },
  };
}

export function modelApi(core: () => Promise<Core>) {
  let opened: { model: OpenedModel; files: Map<string, Blob> } | undefined;
  const current = () => {
    if (!opened) throw new Error('no model is open');
    return opened;
  };
  return {
    /**
     * Opens a folder (its files by name): what the model is and its fingerprint. Throws the core's one-line refusal.
     * `reader`: the port of a reader worker holding the same files (model-reader.ts), which then does every read.
     */
    async modelOpen(
      entries: [string, Blob][],
      reader?: MessagePort,
    ): Promise<{ info: ModelInfo; fingerprint: string; hasTokenizer: boolean }> {
      opened?.model.close();
      opened = undefined;
      const files = new Map(entries);
      const model = await OpenedModel.open(await core(), files, reader ? portReader(reader) : undefined);
      opened = { model, files };
      return { info: model.info, fingerprint: model.fingerprint, hasTokenizer: files.has('tokenizer.json') };
    },
    /** One head's attention over its tokens (row softmax of Q Kᵀ, the model's causal mask), by the core. */
    async modelAttention(
      q: Float64Array,
      k: Float64Array,
      n: number,
      d: number,
      causal: boolean,
    ): Promise<Float64Array | undefined> {
      const p = (await core()).module.headAttention?.(q, k, n, d, causal) ?? undefined;
      return p ? Comlink.transfer(p, [p.buffer as ArrayBuffer]) : undefined;
    },
    /** The text's tokens by the folder's tokenizer.json. */
    async modelTokens(text: string, dropFirst: boolean): Promise<ModelTokens> {
      return tokenizeForModel(current().files, text, dropFirst, webTokenizer);
    },
    ...corpusReads(current),
    /**
     * Every head of layers 0..lastLayer on the text (or weights only); onProgress returning false stops between layers
     * (undefined back).
     */
    async modelHeads(
      text: string,
      dropFirst: boolean,
      lastLayer: number,
      weights: boolean,
      onProgress?: (p: PassProgress) => boolean | Promise<boolean>,
    ) {
      return headsOf(current(), text, dropFirst, lastLayer, weights, onProgress);
    },
  };
}

/**
 * Every head of layers 0..lastLayer of the open model on the text (or weights only), transferred; undefined when
 * onProgress answered false (between layers, or while the text is tokenized).
 */
async function headsOf(
  { model, files }: { model: OpenedModel; files: Map<string, Blob> },
  text: string,
  dropFirst: boolean,
  lastLayer: number,
  weights: boolean,
  onProgress?: (p: PassProgress) => boolean | Promise<boolean>,
): Promise<ModelHeads | undefined> {
  // Weights only: no text; the "tokens" are the residual stream's basis vectors (engine/model-pass.ts).
  // Tokenizing runs in a worker of its own, asked every 200 ms whether the page stopped (tokenize-guard.ts).
  const stopped = async () => (await onProgress?.({ bytesRead: 0, layer: 0, layers: lastLayer + 1 })) === false;
  let tokens: ModelTokens;
  try {
    tokens = weights
      ? { ids: [], tokens: [] }
      : await tokenizeForModel(files, text, dropFirst, webTokenizer, { stopped });
  } catch (error) {
    if (error instanceof ModelError && error.message === 'stopped') return undefined;
    throw error;
  }
  let stop = false;
  const stacks = await headStacks(model, weights ? 'weights' : tokens.ids, lastLayer, (p) => {
    // The page's answer arrives asynchronously: Stop takes effect at the next layer boundary after it.
    void Promise.resolve(onProgress?.(p)).then((go) => {
      if (go === false) stop = true;
    });
    return !stop;
  });
  if (!stacks) return undefined;
  const out: ModelHeads = { ...tokens, stacks, estimateBytes: 0 };
  return Comlink.transfer(out, [stacks.q.values.buffer as ArrayBuffer, stacks.k.values.buffer as ArrayBuffer]);
}
