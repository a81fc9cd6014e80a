// SPDX-License-Identifier: Apache-2.0
// One file field of the panel: the file input, its remove button and status line, the file read off the main thread;
// and the words for an uploaded array's shape.
import type { InputArray } from '../../engine/core';
import { parseInputOffThread } from '../../engine/off-thread';
import type { ExperimentMeta, UploadSpec } from '../../experiments/schema';
import { showable } from '../../state/url';
import { h } from '../dom';
import type { ChosenFile } from './uploads';

export function shapeText(array: InputArray): string {
  const shape = array.shape.join(' × ');
  return array.sparse ? `${shape} with ${array.values.length / 3} nonzeros` : shape;
}

/** A field's file read, and the status line under it (a head bundle fills its companion field too). */
interface UploadField {
  element: HTMLElement;
  status: HTMLElement;
  input: HTMLInputElement;
}

/**
 * One file field; `id` is 'upload' for an experiment's only input, 'upload-<input>' when it takes several.
 * `read` sees every file read successfully (the panel takes a head bundle's other arrays and scale from it).
 */
export function uploadField(
  meta: ExperimentMeta,
  spec: UploadSpec,
  id: string,
  budgetMiB: () => number,
  store: (u: ChosenFile | undefined, refused?: string) => void,
  read: (chosen: ChosenFile, file: File) => void,
  /** Said while no file is chosen (where the heads are chosen, Run waits for them instead of using synthetic data). */
  empty = 'No file chosen: the run uses synthetic data.',
): UploadField {
  const input = h('input', {
    type: 'file',
    id,
    accept: spec.accept.join(','),
    'aria-describedby': `${id}-help ${id}-status`,
  });
  const status = h('p', { class: 'help', id: `${id}-status`, role: 'status' }, empty);
  const remove = h(
    'button',
    { type: 'button', class: 'secondary remove-file', id: `${id}-remove`, hidden: true },
    'Remove file',
  );
  remove.addEventListener('click', () => {
    input.value = '';
    remove.hidden = true;
    store(undefined);
    status.textContent = empty;
    input.focus();
  });
  const reader = { meta, spec, budgetMiB, store, read, empty };
  input.addEventListener('change', () => readChosen(input, status, remove, reader));
  const element = h(
    'fieldset',
    { class: 'group upload' },
    h('legend', {}, spec.label),
    h(
      'div',
      { class: 'param' },
      h('label', { for: id }, 'File'),
      h('div', { class: 'file-inputs' }, input, remove),
      h('p', { class: 'help', id: `${id}-help` }, `${spec.help} (${spec.accept.join(', ')})`),
      status,
    ),
  );
  return { element, status, input };
}

/** What a field does with a file the reader chooses: uploadField's arguments. */
interface FieldReader {
  meta: ExperimentMeta;
  spec: UploadSpec;
  budgetMiB: () => number;
  store: (u: ChosenFile | undefined, refused?: string) => void;
  read: (chosen: ChosenFile, file: File) => void;
  empty: string;
}

/** The file chosen in `input`, read off the main thread, and what became of it said in `status`. */
async function readChosen(
  input: HTMLInputElement,
  status: HTMLElement,
  remove: HTMLButtonElement,
  { meta, spec, budgetMiB, store, read, empty }: FieldReader,
): Promise<void> {
  input.removeAttribute('aria-invalid'); // a refusal the core named for the last file is over
  const file = input.files?.[0];
  remove.hidden = !file;
  if (!file) {
    store(undefined);
    status.textContent = empty;
    return;
  }
  store(undefined);
  status.textContent = `Reading ${showable(file.name)}…`;
  const parsed = await parseInputOffThread(meta.id, spec.input, file, budgetMiB());
  if (input.files?.[0] !== file) return; // another file was chosen meanwhile
  if (!parsed.ok) {
    store(undefined, file.name);
    status.textContent =
      `Could not read ${showable(file.name)}: ${parsed.error} Run ` +
      `is off until you choose another file or remove this one.`;
    return;
  }
  const chosen = { name: file.name, input: spec.input, array: parsed.value };
  store(chosen);
  status.textContent =
    `${showable(file.name)}: ${shapeText(parsed.value)}. Links ` +
    `do not include the file; whoever opens one needs it too.`;
  read(chosen, file);
}
