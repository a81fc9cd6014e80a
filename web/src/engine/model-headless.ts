// SPDX-License-Identifier: Apache-2.0
// Headless "your own model" (Node): `npm run lab -- model-qk model=<folder> (ids=<id,...> | text="...") layer=<i>
// head=<h>` prints what the native `attnlab model-qk` prints; and paper 3's experiments that take heads read
// `model=<folder> (text="..." | ids=<id,...>) [lastLayer=<i>] [dropFirst=1]` (or `weights=1`: each head's W_Q W_Kᵀ, no text) as their
// heads (every head of layers 0..lastLayer, so that the stack's head number h·H + j is layer h's head j, as the
// experiments label them: L3H5).
import type { Core, Inputs, Params } from './core';
import { ModelError, type ModelFiles } from './model-files';
import { headStacks, OpenedModel } from './model-pass';
import { modelStudy, type CorpusWords, type RunOnHeads } from './corpus-study';
import { corpusWindows } from './model-study';
import { DEFAULT_MODEL_TEXT, tokenizeForModel } from './model-text';
import { folderFiles, trueCause } from './node-model-files';
import { nodeTokenizer } from './tokenize-node';

export { folderFiles } from './node-model-files';

interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** `model-qk`: exit 0 with the JSON, or 2 with one line naming the argument or the file and the cause. */
export async function modelQkMain(core: Core, args: string[], io: Io): Promise<number> {
  const { modelQkParse, modelQkUsage } = core.module;
  if (!modelQkParse || !modelQkUsage) throw new ModelError('this build of the core cannot read models');
  if (args.length === 1 && (args[0] === '--help' || args[0] === '-h')) {
    io.stdout(modelQkUsage('npm run lab --'));
    return 0;
  }
  const c = JSON.parse(modelQkParse(JSON.stringify(args))) as
    | { ok: false; error: string }
    | { ok: true; folder: string; ids: number[]; text?: string; layer: number; head: number };
  if (!c.ok) {
    io.stderr(`attnlab: ${c.error}\n`);
    return 2;
  }
  let model: OpenedModel | undefined;
  let files: ModelFiles | undefined;
  try {
    files = await folderFiles(c.folder);
    const ids = c.text === undefined ? c.ids : (await tokenizeForModel(files, c.text, false, nodeTokenizer)).ids;
    model = await OpenedModel.open(core, files);
    await model.pass(ids, c.layer, () => undefined);
    io.stdout(model.headJson(c.head) + '\n');
    return 0;
  } catch (caught) {
    const error = trueCause(core, caught, files);
    if (!(error instanceof ModelError)) throw error;
    io.stderr(`attnlab: ${c.folder}: ${error.message}\n`);
    return 2;
  } finally {
    model?.close();
  }
}

/** The words of a model given to an experiment, taken out of its command line by the core. */
export interface ModelWords {
  folder: string;
  text: string;
  /** ids= instead of a text: the pass reads them as given (less the first with dropFirst). */
  ids?: number[];
  lastLayer?: number;
  dropFirst: boolean;
  weights: boolean;
  /** corpus= (with n=, windows=, eps=): the study over the corpus's windows. */
  corpus?: CorpusWords;
  rest: string[];
}

/** What the core's model request parser answers (wasm/core/model/model_request.hpp: modelRequestJson). */
interface ModelRequestAnswer {
  present?: boolean;
  error?: string;
  rest: string[];
  request?: {
    folder: string;
    text?: string;
    ids?: number[];
    lastLayer?: number;
    dropFirst: boolean;
    weights: boolean;
    corpus?: CorpusWords;
  };
}

/**
 * Splits the model's keys (model=, text= or ids=, lastLayer=, dropFirst=, weights=, corpus= with n=, windows= and
 * eps=) off an experiment's arguments, as the core parses them for every host (undefined when there is no model=).
 */
export function modelWords(core: Core, args: string[]): ModelWords | undefined {
  const { modelRequestParse } = core.module;
  if (!modelRequestParse) throw new ModelError('this build of the core cannot read models');
  const answer = JSON.parse(modelRequestParse(JSON.stringify(args))) as ModelRequestAnswer;
  if (answer.error !== undefined) throw new ModelError(answer.error);
  if (!answer.present || !answer.request) return undefined;
  const { text, ids, lastLayer, corpus, ...request } = answer.request;
  return {
    ...request,
    text: text ?? DEFAULT_MODEL_TEXT,
    ...(ids ? { ids } : {}),
    ...(lastLayer !== undefined ? { lastLayer } : {}),
    ...(corpus ? { corpus } : {}),
    rest: answer.rest,
  };
}

/** The last layer read: lastLayer=, or the model's last; refused beyond the model. */
function lastLayerOf(words: ModelWords, count: number): number {
  const last = words.lastLayer ?? count - 1;
  if (last >= count) throw new ModelError(`lastLayer: ${last} is beyond the model's ${count} layers (0–${count - 1})`);
  return last;
}

/** The study over words.corpus (model-study.ts): every window's heads through rank-zoo, merged by the core. */
export async function modelStudyRun(
  core: Core,
  words: ModelWords & { corpus: CorpusWords },
  params: Params,
  runOnHeads: RunOnHeads,
  onProgress?: (text: string) => void,
): Promise<unknown> {
  const files = await folderFiles(words.folder);
  let model: OpenedModel | undefined;
  try {
    model = await OpenedModel.open(core, files);
    const lastLayer = lastLayerOf(words, model.info.layers);
    const windows = await corpusWindows(core, model, files, words.corpus, words.dropFirst, nodeTokenizer);
    const study = { params, eps: words.corpus.eps, seed: Number(params.seed ?? 1), name: model.info.name };
    const opened = model;
    return await modelStudy(core, windows, study, (ids) => headStacks(opened, ids, lastLayer), runOnHeads, onProgress);
  } catch (error) {
    throw trueCause(core, error, files);
  } finally {
    model?.close();
  }
}

/**
 * Every head of layers 0..lastLayer (all by default) of the model on the text, as the q and k inputs of paper 3's
 * experiments.
 */
export async function modelInputs(core: Core, words: ModelWords, onProgress?: (text: string) => void): Promise<Inputs> {
  const files = await folderFiles(words.folder);
  let model: OpenedModel | undefined;
  try {
    const ids = words.weights
      ? 'weights'
      : words.ids
        ? words.ids.slice(words.dropFirst ? 1 : 0)
        : (await tokenizeForModel(files, words.text, words.dropFirst, nodeTokenizer)).ids;
    model = await OpenedModel.open(core, files);
    const { layers: count, name } = model.info;
    const last = lastLayerOf(words, count);
    const stacks = await headStacks(model, ids, last, (p) => {
      if (p.layer < p.layers) onProgress?.(`${name}: layer ${p.layer + 1} of ${p.layers}`);
    });
    if (!stacks) throw new ModelError('stopped');
    return {
      q: { ...stacks.q, sparse: false, file: name, bundleScale: 1 },
      k: { ...stacks.k, sparse: false, file: name },
    };
  } catch (error) {
    throw trueCause(core, error, files);
  } finally {
    model?.close();
  }
}
