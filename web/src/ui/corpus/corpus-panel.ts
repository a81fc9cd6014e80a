// SPDX-License-Identifier: Apache-2.0
// A study over a corpus in the page, for rank-zoo on "Your model": the corpus (a file or pasted text) tokenized by the
// model's worker, cut into windows and estimated here; each window's heads read by the model's worker and run through
// rank-zoo at each ε by up to two workers of the whole lab's core (corpus-run.ts), with progress and a Stop that keeps
// the finished windows, then merged by the core as `npm run lab -- rank-zoo model=… corpus=…` merges them
// (engine/corpus-study.ts), and drawn (corpus-results.ts).
import type { Params } from '../../engine/core';
import { coreWorker } from '../../engine/worker-runner';
import { toCoreParams, type ParamValues } from '../../experiments/schema';
import type { CorpusLink } from '../../state/corpus-link';
import { showable } from '../../state/url';
import { coerceValue } from '../../state/values';
import type { Control } from '../panel/controls';
import { heldCorpus, holdCorpus, onCorpusExpected } from './corpus-choice';
import { corpusControls, corpusFieldset, type CorpusControls } from './corpus-form';
import * as P from './corpus-plan';
import { corpusResults } from './corpus-results';
import { runPlanned, studyWorkerCount, type Planned } from './corpus-run';
import { runOrigin } from './study-export';
import { openModel } from '../model/session';

type OpenModel = NonNullable<ReturnType<typeof openModel>>;

/** The corpus given: the file chosen, else the pasted text; its name (a file's, or "pasted text"). */
async function corpusOf(c: CorpusControls): Promise<{ name: string; text: string }> {
  const file = c.file.files?.[0];
  if (file) {
    if (file.size > 4 * P.MAX_CORPUS_CHARS) throw new Error(`corpus: ${file.name} is larger than 64 MB`);
    try {
      return { name: file.name, text: new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer()) };
    } catch {
      throw new Error(`corpus: ${file.name} is not UTF-8 text`);
    }
  }
  if (!c.text.value.trim()) throw new Error('corpus: choose a text file or paste a text');
  if (c.text.value.length > P.MAX_CORPUS_CHARS)
    throw new Error('corpus: the pasted text is longer than 16 M characters');
  return { name: 'pasted text', text: c.text.value };
}

const fieldsOf = (c: CorpusControls): P.CorpusFields => ({
  lengths: c.lengths.value,
  windows: c.windows.value,
  eps: c.eps.value,
});

/** The corpus a link asked for (undefined: none), to check the one given against. */
let expected: CorpusLink | undefined;

/** The corpus given held for the address (name, fingerprint, fields); a note when the link's corpus was another. */
async function holdGiven(c: CorpusControls, corpus: { name: string; text: string }): Promise<string> {
  const hash = await P.corpusFingerprint(corpus.text);
  holdCorpus({ name: corpus.name, hash, ...fieldsOf(c) });
  return expected?.hash && expected.hash !== hash
    ? ` This corpus is not the one the link was made with (fingerprint ${hash}, the link’s ${expected.hash}): ` +
        'its numbers may differ.'
    : '';
}

/** The address follows the corpus (given, or its fields edited); a link's corpus fills the fields and is asked for. */
function followLink(c: CorpusControls, changed: () => void): void {
  const given = () =>
    void corpusOf(c)
      .then((corpus) => holdGiven(c, corpus))
      .then((note) => {
        if (note) c.status.textContent = note.trim();
        changed();
      })
      .catch(() => undefined);
  c.file.addEventListener('change', given);
  c.text.addEventListener('change', given);
  for (const field of [c.lengths, c.windows, c.eps])
    field.addEventListener('change', () => {
      const held = heldCorpus();
      if (!held) return;
      holdCorpus({ ...held, ...fieldsOf(c) });
      changed();
    });
  onCorpusExpected((link) => {
    expected = link;
    if (!link) return;
    c.lengths.value = link.lengths;
    c.windows.value = link.windows;
    c.eps.value = link.eps;
    c.status.textContent =
      `This link was made with a study over the corpus “${showable(link.name)}”` +
      `${link.hash ? ` (fingerprint ${link.hash})` : ''}. Links never carry a corpus: give it here (its file, or ` +
      'paste it), then Run the study.';
  });
}

/** The panel's parameters as the core takes them; a field the panel cannot read is named. */
function panelParams(controls: Control[]): Params {
  const values: ParamValues = {};
  for (const control of controls) {
    const { value, notice } = coerceValue(control.spec, control.read());
    if (notice) throw new Error(`${control.spec.label}: ${notice}`);
    values[control.spec.key] = value;
  }
  return toCoreParams(values);
}

async function planStudy(c: CorpusControls, controls: Control[], model: OpenModel): Promise<Planned> {
  const corpus = await corpusOf(c);
  const words = P.corpusOfFields(corpus.name, fieldsOf(c));
  const differs = await holdGiven(c, corpus);
  const params = panelParams(controls);
  c.status.textContent = `Tokenizing ${showable(corpus.name)} with the model’s tokenizer…`;
  const tokens = await model.api.modelCorpusTokens(corpus.text);
  const worker = coreWorker();
  try {
    const prefix = model.dropFirst ? tokens.prefix.slice(1) : tokens.prefix;
    const windows = await worker.api.studyWindows({
      ...tokens,
      prefix,
      lengths: words.lengths,
      windows: words.windows,
    });
    const { heads, headDim } = model.info;
    const layers = model.lastLayer + 1;
    const workers = studyWorkerCount(windows.length);
    const shape = { layers, heads, headDim };
    const seconds = await worker.api.studyEstimate(params, windows, words.eps.length, shape, workers);
    const temperatures = String(params.betaMults ?? '1').split(',').length;
    const run = { windows: windows.length, heads: layers * heads, temperatures, eps: words.eps.length, workers };
    const summary = P.studySummary(run, seconds) + differs;
    return { model, worker, workers, windows, params, eps: words.eps, seconds, summary };
  } catch (error) {
    worker.worker.terminate();
    throw error;
  }
}

/** A planned study run, drawn when done or stopped (the finished windows, merged by a fresh core after a Stop). */
async function executeStudy(planned: Planned, c: CorpusControls, stopped: Promise<void>): Promise<void> {
  const out = await runPlanned(planned, c, stopped);
  if (!out.study) {
    c.status.textContent = 'Stopped before the first window finished: no window to show.';
    return;
  }
  if (!c.status.isConnected) return; // its panel left the page
  showStudy(c, corpusResults(out.study, runOrigin(planned.params, planned.eps, out.stopped)));
  c.status.textContent = out.stopped
    ? `Stopped: ${out.finished} of ${planned.windows.length} windows finished, shown below.`
    : `Done: ${planned.windows.length} windows. ${planned.summary}`;
}

/** Runs a planned study with Stop offered while it runs (`offerStop`: the Stop's action, undefined once done). */
async function runStudy(
  planned: Planned,
  c: CorpusControls,
  busy: (on: boolean) => void,
  offerStop: (stop: (() => void) | undefined) => void,
): Promise<void> {
  let stop = () => undefined as void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  offerStop(stop);
  busy(true);
  try {
    await executeStudy(planned, c, stopped);
  } finally {
    offerStop(undefined);
    busy(false);
  }
}

/** Paper 3's grid into the fields, the panel's temperatures and the model's last layer (its first 7 layers). */
function applyPaperGrid(c: CorpusControls, controls: Control[], changed: () => void): void {
  c.lengths.value = P.PAPER_GRID.fields.lengths;
  c.windows.value = P.PAPER_GRID.fields.windows;
  c.eps.value = P.PAPER_GRID.fields.eps;
  controls.find((x) => x.spec.key === 'betaMults')?.write(P.PAPER_GRID.betaMults);
  changed();
  const model = openModel();
  const last = document.getElementById('model-last-layer') as HTMLInputElement | null;
  if (model && last) {
    last.value = String(P.paperLastLayer(model.info.layers));
    last.dispatchEvent(new Event('input')); // the model's panel takes it as the reader's edit
  }
}

/** The study drawn under Results, above the run's figures (in the panel when the page has no results area). */
function showStudy(c: CorpusControls, section: HTMLElement | undefined): void {
  document.getElementById('corpus-results')?.remove();
  if (!section) return;
  const headline = document.getElementById('headline');
  if (headline) headline.before(section);
  else c.results.append(section);
}

/** The model's folder, files and Read stay as they are while a study reads its layers (one reader at a time). */
function lockModel(on: boolean): void {
  for (const id of ['model-folder', 'model-files', 'model-read', 'model-close']) {
    const el = document.getElementById(id) as HTMLInputElement | HTMLButtonElement | null;
    if (el) el.disabled = on;
  }
}

/** A refusal said, and the field it names (n, windows, ε or the corpus) marked and focused. */
function refused(c: CorpusControls, message: string): void {
  c.status.textContent = `The study could not run: ${showable(message)}`;
  const named = { n: c.lengths, windows: c.windows, eps: c.eps, corpus: c.file.files?.length ? c.file : c.text };
  const field = named[message.split(':')[0] as keyof typeof named];
  if (!field) return;
  field.setAttribute('aria-invalid', 'true');
  field.focus();
}

/** The study running, if any (one at a time: a new panel stops the old one's). */
let running: { stop: () => void } | undefined;

/** The field of a study over a corpus; `controls`: the panel's (the run's parameters); `changed`: a value was set. */
export function corpusStudyField(controls: Control[], changed: () => void): HTMLElement {
  const c = corpusControls();
  showStudy(c, undefined); // another panel: the last study's results leave with it
  running?.stop(); // another panel: the old panel's study stops and draws nothing
  let waiting: Planned | undefined; // planned, over the estimate's limit: the next Run starts it
  const busy = (on: boolean, stoppable = on) => {
    c.stop.hidden = c.progress.hidden = !stoppable;
    c.run.disabled = c.preset.disabled = on;
    lockModel(on);
  };
  const execute = (planned: Planned) => runStudy(planned, c, busy, (stop) => (running = stop && { stop }));
  const start = async (ask: boolean) => {
    const model = openModel();
    showStudy(c, undefined);
    if (!model) return void (c.status.textContent = 'Open a model folder above first: the study runs on its heads.');
    if (model.reading) return void (c.status.textContent = 'The model’s heads are being read: run the study after.');
    try {
      if (!ask && waiting) {
        const planned = waiting;
        waiting = undefined;
        return await execute(planned);
      }
      busy(true, false); // tokenizing and cutting: no Stop until the windows run
      const planned = await planStudy(c, controls, model);
      busy(false);
      if (ask && !P.startsAtOnce(planned.seconds)) {
        waiting?.worker.worker.terminate();
        waiting = planned;
        c.status.textContent = `${planned.summary} It waits for you: press Run the study to start.`;
        return;
      }
      await execute(planned);
    } catch (error) {
      busy(false);
      refused(c, String((error as Error).message).split('\n')[0]);
    }
  };
  const invalidate = () => {
    for (const field of [c.file, c.text, c.lengths, c.windows, c.eps]) field.setAttribute('aria-invalid', 'false');
    waiting?.worker.worker.terminate();
    waiting = undefined;
  };
  for (const input of [c.file, c.text, c.lengths, c.windows, c.eps]) input.addEventListener('input', invalidate);
  c.file.addEventListener('change', invalidate);
  c.run.addEventListener('click', () => void start(false));
  c.stop.addEventListener('click', () => {
    c.status.textContent = 'Stopping: the finished windows are kept…';
    running?.stop();
  });
  followLink(c, changed);
  c.preset.addEventListener('click', () => {
    applyPaperGrid(c, controls, changed);
    invalidate();
    void start(true);
  });
  return corpusFieldset(c);
}
