// SPDX-License-Identifier: Apache-2.0
// The model options in `npm run lab`'s help: the core's usage and an experiment's table with its model keys (the native
// CLI's, word for word), followed here by what only the headless runner has: a default text and the model-qk command.
import type { Core } from './core';

/** The experiments whose inputs are heads (Q and K): the ones a model's heads can replace. */
export const headExperiments = (core: Core): string[] =>
  core
    .experiments()
    .filter((e) => e.inputs.some((i) => i.name === 'q'))
    .map((e) => e.id);

const MODEL_QK = 'model-qk model=<folder> (ids=<id,...> | text="...") layer=<i> head=<h>';

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

/** `npm run lab -- <id> --help`: the core's table and, for an experiment that takes heads, the core's model keys. */
export function labExperimentHelp(core: Core, id: string): string {
  const help = core.module.experimentHelp(id);
  const model = core.module.modelRunHelp?.(id) ?? '';
  if (!model) return help;
  return `${help}${model}  (without text= or ids=, npm run lab reads Alice's opening)\none head's Q, K and logits: npm run lab -- ${MODEL_QK}\n`;
}
