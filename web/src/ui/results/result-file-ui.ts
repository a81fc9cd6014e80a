// SPDX-License-Identifier: Apache-2.0
// "Export result" (the whole result in an envelope with the experiment, parameters and version) and
// "Open result…" (a result JSON from the CLI, npm run lab or an export, drawn in the page). When a
// bare result fits no experiment or several, the user chooses which experiment to read it as.
import type { AnyResult } from '../../experiments/generated';
import type { ExperimentMeta, ParamValues } from '../../experiments/schema';
import { resultMismatchesOffThread } from '../../engine/off-thread';
import { download } from '../../plots/export';
import type { ModelLink } from '../../state/model-link';
import { exportFileName } from './export-name';
import {
  readResultText,
  resultEnvelope,
  sizeRefusal,
  type OpenedResult,
  type ReadOptions,
} from '../../state/result-file';
import { readStudyText, type CorpusStudy } from '../../state/study-file';
import { fileName, showable } from '../../state/url';
import { byId, h } from '../dom';

interface ResultFileHandlers {
  /** What is on screen, for the envelope (undefined while nothing finished). */
  /** `values` is undefined for a bare result opened from a file (its parameters are unknown). */
  /** `model`: the model whose heads the run read (the file is named by it). */
  shown: () =>
    { experimentId: string; values: ParamValues | undefined; result: AnyResult; model?: ModelLink } | undefined;
  current: () => { experimentId: string; values: ParamValues };
  registry: readonly ExperimentMeta[];
  onOpened: (opened: OpenedResult, fileName: string) => void;
  /** A study over a corpus (not an experiment's result: read here, state/study-file.ts); `notes`: one line each. */
  onStudy: (study: CorpusStudy, fileName: string, notes: string[]) => void;
  onError: (message: string) => void;
  /** Replaces the notices with this one; "" clears them. */
  onNotice: (message: string) => void;
}

const fileSize = (bytes: number): string =>
  bytes < 2 ** 20 ? `${Math.max(1, Math.round(bytes / 1024))} KiB` : `${(bytes / 2 ** 20).toFixed(1)} MiB`;

/** Names from a file picker are shown, never put in the URL; this keeps them printable and short. */
const cleanName = (name: string) => showable(fileName(name) ?? 'file');

export function wireResultFiles(handlers: ResultFileHandlers): void {
  const input = byId<HTMLInputElement>('open-result-file');
  byId('open-result').addEventListener('click', () => input.click());
  byId('export-result').addEventListener('click', () => {
    const shown = handlers.shown();
    if (!shown) {
      handlers.onNotice('Nothing to export yet: wait for the run to finish.');
      return;
    }
    const text = JSON.stringify(resultEnvelope(shown.experimentId, shown.values, shown.result));
    const meta = handlers.registry.find((m) => m.id === shown.experimentId);
    const name =
      meta && shown.values
        ? exportFileName(meta, shown.values, 'result', 'json', shown.model)
        : `attnlab-${shown.experimentId}.result.json`;
    download(new Blob([text], { type: 'application/json' }), name);
  });
  input.addEventListener('change', async () => {
    const file = input.files?.[0];
    input.value = ''; // the same file can be opened again
    if (!file) return;
    const name = cleanName(file.name);
    const tooBig = sizeRefusal(name, file.size);
    if (tooBig) {
      handlers.onError(tooBig);
      return;
    }
    const size = fileSize(file.size);
    handlers.onNotice(`Opening ${name} (${size}): reading it…`);
    let text: string;
    try {
      text = await file.text();
    } catch (error) {
      handlers.onNotice('');
      handlers.onError(`${name}: could not be read (${(error as Error).message})`);
      return;
    }
    handlers.onNotice(
      `Opening ${name} (${size}): checking its values in the ` +
        `core${file.size > 4 * 2 ** 20 ? ' (a large file takes a few seconds)' : ''}…`,
    );
    void read(text, name, handlers);
  });
}

async function read(text: string, name: string, handlers: ResultFileHandlers, chosen?: string): Promise<void> {
  const study = readStudyText(text, name);
  if (study) {
    byId('open-choice').replaceChildren();
    handlers.onNotice('');
    if (study.ok) handlers.onStudy(study.study, name, study.notes);
    else handlers.onError(`${study.error}. Nothing was drawn from it.`);
    return;
  }
  const options: ReadOptions = {
    registry: handlers.registry,
    current: handlers.current(),
    chosen,
    check: resultMismatchesOffThread,
  };
  let reading;
  try {
    reading = await readResultText(text, name, options);
  } catch (error) {
    handlers.onNotice('');
    handlers.onError(`${name}: could not be checked (${(error as Error).message})`);
    return;
  }
  byId('open-choice').replaceChildren();
  if (reading.ok) {
    handlers.onOpened(reading.opened, name);
    return;
  }
  handlers.onNotice('');
  handlers.onError(`${reading.error}. Nothing was drawn from it.`);
  if (reading.choices?.length)
    offerChoice(reading.choices, (id) => void read(text, name, handlers, id), handlers.registry);
}

/** A picker under the error: "Read it as [experiment] [Draw]" (the error above says why it is needed). */
function offerChoice(choices: string[], choose: (id: string) => void, registry: readonly ExperimentMeta[]): void {
  const select = h(
    'select',
    { id: 'open-as', 'aria-label': 'Experiment to read the result as' },
    ...choices.map((id) => h('option', { value: id }, registry.find((m) => m.id === id)?.title ?? id)),
  );
  const go = h('button', { type: 'button', class: 'secondary small', id: 'open-as-go' }, 'Draw as this experiment');
  go.addEventListener('click', () => choose(select.value));
  byId('open-choice').replaceChildren(h('label', { for: 'open-as' }, 'Read it as '), select, go);
}
