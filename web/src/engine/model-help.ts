// SPDX-License-Identifier: Apache-2.0
// The model options in `npm run lab`'s help: the core's usage and an experiment's table (the native CLI's, word for
// word), followed here by what only the headless runner takes — a Hugging Face folder's heads (model-headless.ts) and
// the model-qk command.
import type { Core } from './core';

/** The experiments whose inputs are heads (Q and K): the ones a model's heads can replace. */
export const headExperiments = (core: Core): string[] =>
  core
    .experiments()
    .filter((e) => e.inputs.some((i) => i.name === 'q'))
    .map((e) => e.id);

const MODEL_QK = 'model-qk model=<folder> (ids=<id,...> | text="...") layer=<i> head=<h>';

/** One line per option: key, then what it does. */
const MODEL_OPTIONS: [string, string][] = [
  ['model=<folder>', 'a Hugging Face checkpoint folder (config.json, model.safetensors): its heads replace the inputs'],
  ['text="..."', "the text the model reads, tokenized with the folder's tokenizer.json (default: Alice's opening)"],
  ['weights=1', 'weights only, no text: each head as its bilinear form W_Q W_Kᵀ (rank-zoo: bilinear=1)'],
  ['lastLayer=<i>', "read layers 0..i, every head of each, labelled L<layer>H<head> (default: the model's last)"],
  ['dropFirst=1', 'leave out the first token ([CLS] or BOS, often an attention sink)'],
];

/** The study over a corpus: rank-zoo only. */
const STUDY_OPTIONS: [string, string][] = [
  ['corpus=<file>', 'a study over a UTF-8 corpus: every window of it read by the model (not with text= or weights=)'],
  ['n=<a,b,...>', 'with corpus=: window lengths in tokens, 1 to 8 of them (default 128)'],
  ['windows=<k>', 'with corpus=: windows per length, 1 to 1000 (default 1)'],
  ['eps=<a,b,c>', "with corpus=: 1 to 3 levels of ε (default: the experiment's eps)"],
];

const table = (rows: [string, string][]): string => rows.map(([key, help]) => `  ${key.padEnd(15)} ${help}\n`).join('');

/** `npm run lab -- --help`: the core's usage, then the lines for a model's heads and model-qk. */
export function labUsage(core: Core): string {
  const heads = headExperiments(core).join('|');
  return (
    core.module.commandUsage('npm run lab --', true) +
    `a model's heads: npm run lab -- <${heads}> model=<folder> [text="..." | weights=1] [lastLayer=<i>] ` +
    `[dropFirst=1]\n` +
    `  (rank-zoo also: corpus=<file> [n=<a,b,...>] [windows=<k>] [eps=<a,b,c>]; see npm run lab -- rank-zoo --help)\n` +
    `one head's Q, K and logits: npm run lab -- ${MODEL_QK} (see npm run lab -- model-qk --help)\n`
  );
}

/** `npm run lab -- <id> --help`: the core's table, then, for an experiment that takes heads, the model options. */
export function labExperimentHelp(core: Core, id: string): string {
  const help = core.module.experimentHelp(id);
  if (!headExperiments(core).includes(id)) return help;
  return (
    `${help}\na model's heads (npm run lab only; in place of the inputs):\n` +
    table(MODEL_OPTIONS) +
    (id === 'rank-zoo' ? `a study over a corpus (with model=):\n${table(STUDY_OPTIONS)}` : '') +
    `one head's Q, K and logits: npm run lab -- ${MODEL_QK}\n`
  );
}
