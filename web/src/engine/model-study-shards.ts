// SPDX-License-Identifier: Apache-2.0
// A model study in shards, headless (lab/model_study.hpp): `npm run lab -- plan rank-zoo model=<folder> corpus=<file>
// n=… windows=… -o jobs.jsonl` tokenizes once and writes one job line per window (its ids, the model's fingerprint);
// `run-job` (here, or the native `attnlab run-job`, which reads the folder by path) runs one window; `combine` checks
// every shard and merges them as the one-shot study does. The lines, shards and verdicts are the core's.
import { resolve } from 'node:path';
import { CoreError, unwrap, type Command, type Core, type Inputs, type Params } from './core';
import { folderFiles, type ModelWords } from './model-headless';
import { headStacks, OpenedModel } from './model-pass';
import type { CorpusWords } from './corpus-study';
import { corpusWindows } from './model-study';
import { writeOut } from './node-files';
import { nodeTokenizer } from './tokenize-node';

/** A model study's job line (lab/model_study.hpp). */
export type StudyLine = Record<string, unknown> & {
  params: Params;
  eps: number[];
  lastLayer: number;
  model: { folder: string; name: string; fingerprint: string };
  n: number;
  window: number;
  ids: number[];
};

function need<T>(f: T | undefined): T {
  if (!f) throw new CoreError('this build of the core cannot study a corpus');
  return f;
}

/** plan: the job lines of the study, one per window, on stdout or -o. */
export async function planStudy(
  core: Core,
  words: ModelWords & { corpus: CorpusWords },
  c: Command,
  stdout: (t: string) => void,
): Promise<void> {
  const prepared = core.module.commandPrepare(c.id, JSON.stringify(c.params), c.maxSeconds, []);
  if (!prepared.ok) throw new CoreError(prepared.error, prepared.badInput);
  const files = await folderFiles(words.folder);
  const model = await OpenedModel.open(core, files);
  try {
    const { layers, name, fingerprint } = model.info;
    const lastLayer = words.lastLayer ?? layers - 1;
    if (lastLayer >= layers)
      throw new CoreError(`lastLayer: ${lastLayer} is beyond the model's ${layers} layers`, true);
    const windows = await corpusWindows(core, model, files, words.corpus, words.dropFirst, nodeTokenizer);
    const plan = {
      params: JSON.parse(prepared.params) as Params,
      eps: words.corpus.eps,
      lastLayer,
      model: { folder: resolve(words.folder), name, fingerprint },
    };
    const lines = unwrap<StudyLine[]>(need(core.module.modelStudyJobs)(JSON.stringify(plan), JSON.stringify(windows)));
    writeOut(c.output, lines.map((l) => JSON.stringify(l)).join('\n') + '\n', stdout);
  } finally {
    model.close();
  }
}

/** True when a jobs file holds a model study's lines. */
export const isStudyJobs = (core: Core, text: string): boolean => core.module.modelStudyIsJobs?.(text) === true;

/** The study's lines of a jobs file, checked by the core. */
export const readStudyJobs = (core: Core, fileName: string, text: string): StudyLine[] =>
  unwrap<StudyLine[]>(need(core.module.modelStudyReadJobs)(fileName, text));

/** run-job: one window's heads through rank-zoo at each ε; the shard's text. Refuses a folder of another model. */
export async function runStudyJob(core: Core, line: StudyLine): Promise<string> {
  const model = await OpenedModel.open(core, await folderFiles(line.model.folder));
  try {
    if (model.info.fingerprint !== line.model.fingerprint)
      throw new CoreError(
        `model: this folder's fingerprint ${model.info.fingerprint} is not the study's ${line.model.fingerprint} ` +
          '(another model, or its config or headers changed): plan the study again on this folder',
        true,
      );
    const stacks = await headStacks(model, line.ids, line.lastLayer);
    if (!stacks) throw new CoreError('stopped');
    const inputs: Inputs = {
      q: { ...stacks.q, sparse: false, file: model.info.name, bundleScale: 1 },
      k: { ...stacks.k, sparse: false, file: model.info.name },
    };
    const runs = (line.eps.length ? line.eps : [undefined]).map((eps) => {
      const result = core.run('rank-zoo', eps === undefined ? line.params : { ...line.params, eps }, inputs);
      return { n: line.n, window: line.window, eps: eps ?? result.eps, result };
    });
    return JSON.stringify(unwrap(need(core.module.modelStudyShard)(JSON.stringify(line), JSON.stringify(runs)))) + '\n';
  } finally {
    model.close();
  }
}

/** combine: every shard checked against its line and merged; {result, missing, refused, done, total} as a sweep's. */
export const combineStudy = (core: Core, jobs: StudyLine[], folder: string, files: unknown): string =>
  need(core.module.modelStudyCombineShards)(JSON.stringify(jobs), folder, JSON.stringify(files));
