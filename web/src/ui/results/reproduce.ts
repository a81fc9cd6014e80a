// SPDX-License-Identifier: Apache-2.0
// "Reproduce elsewhere": the native CLI and `npm run lab` lines for the shown run, with Copy
// buttons (state/command-line.ts builds them). Hidden while nothing reproducible is shown.
import type { ExperimentMeta, ParamValues } from '../../experiments/schema';
import {
  labCommand,
  MODEL_FOLDER_PLACEHOLDER,
  modelRunArgs,
  nativeCommand,
  runArgs,
  type UsedFile,
} from '../../state/command-line';
import type { ModelLink } from '../../state/model-link';
import { copyButton } from '../clipboard';
import { byId, h } from '../dom';

function line(id: string, label: string, command: string, help: string): HTMLElement {
  const code = h('code', { id: `command-${id}` }, command);
  return h(
    'div',
    { class: 'command' },
    h('p', { class: 'group-label' }, label),
    h('pre', { tabindex: 0 }, code),
    h(
      'div',
      { class: 'buttons' },
      ...copyButton(command, { label: 'Copy', id, ariaLabel: `Copy the ${label} command` }),
    ),
    h('p', { class: 'help' }, help),
  );
}

/** A model run: the headless runner reads the folder (the native CLI reads a model only in model-qk). */
function showModelReproduce(meta: ExperimentMeta, values: ParamValues, model: ModelLink): void {
  const where = model.folder
    ? `model=${model.folder} is the folder’s name: give its path from the checkout, or an absolute one ` +
      `(the page cannot see where it is).`
    : `Replace ${MODEL_FOLDER_PLACEHOLDER} with the path of ${model.name}’s folder (the page cannot see it).`;
  byId('reproduce-lines').replaceChildren(
    line(
      'lab',
      'Headless in Node (the browser\u2019s wasm module)',
      labCommand(modelRunArgs(meta, values, model)),
      `It reads the model’s folder as this page did; the native CLI reads a model’s heads only one at a time ` +
        `(attnlab model-qk). ${where}`,
    ),
  );
  byId('reproduce').hidden = false;
}

/**
 * Shows the commands for a run; `files` are the user files it used (run the command where they are); `model`: the
 * model whose heads it read, in place of files.
 */
export function showReproduce(meta: ExperimentMeta, values: ParamValues, files: UsedFile[], model?: ModelLink): void {
  if (model) return showModelReproduce(meta, values, model);
  const args = runArgs(meta, values, files);
  const where = files.length ? ` Run it in the folder that holds ${files.map((f) => f.name).join(' and ')}.` : '';
  byId('reproduce-lines').replaceChildren(
    line(
      'native',
      'Native CLI (C++ core, the same numbers)',
      nativeCommand(args),
      `From an attnlab checkout after npm run build; prints the result JSON, which "Open result…" draws.${where}`,
    ),
    line(
      'lab',
      'Headless in Node (the browser\u2019s wasm module)',
      labCommand(args),
      `A sweep runs on every core; --pool N sets how many worker threads.${where}`,
    ),
  );
  byId('reproduce').hidden = false;
}

export function hideReproduce(): void {
  byId('reproduce').hidden = true;
  byId('reproduce-lines').replaceChildren();
}
