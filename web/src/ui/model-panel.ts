// SPDX-License-Identifier: Apache-2.0
// "Your own model": a Hugging Face model folder opened on the reader's machine (a folder picker, its files chosen
// together, or dropped), a text, and every head of layers 0..last read by the core in a worker (engine/model-worker.ts)
// with progress in bytes and layers and a Stop. The heads become the experiment's Q and K, as uploaded files would;
// the link records the model's name, fingerprint and text, never the weights. Its state is ui/model-state.ts's.
import * as Comlink from 'comlink';
import type { ModelInfo, PassProgress } from '../engine/model-pass';
import type { ModelHeads } from '../engine/model-worker';
import { startModelReader } from '../engine/model-reader';
import { coreWorker } from '../engine/worker-runner';
import { readsSameHeads, type ModelLink } from '../state/model-link';
import { showable } from '../state/url';
import * as F from './model-folder';
import { headAttention, type HeadAttention } from './model-attention';
import { modelControls, modelFieldset } from './model-form';
import { modelCut } from './model-cut';
import { expectCorpus, withCorpus } from './corpus-choice';
import * as S from './model-state';

/** The heads read, for the panel to use as the experiment's Q and K. */
export interface ReadHeads {
  heads: ModelHeads;
  info: ModelInfo;
  link: ModelLink;
}

interface ModelField {
  element: HTMLElement;
  /** Head `index` (layer · H + head): its attention over the text's tokens; undefined for weights only or no heads. */
  attention(index: number): Promise<HeadAttention | undefined>;
  /** Why Run must wait (heads being read, or not read for this text); undefined when it need not. */
  busy(): string | undefined;
  /** A link made with a model: its choices filled in, the folder checked; true when its heads are already read. */
  expect(link: ModelLink | undefined): boolean;
  /** The link of the panel's choice while a model is open (what the address records). */
  link(): ModelLink | undefined;
}

interface Kept {
  worker?: ReturnType<typeof coreWorker> & { reader?: Worker };
  info?: ModelInfo;
  state: S.ModelPanelState;
  read?: ReadHeads;
  warning: string; // the folder is not the link's, or has no tokenizer: said with every status
}
// The open model outlives the panel (module state): switching experiment, or a head atlas cell opening a head,
// keeps it and its heads, so they are not read again.
let kept: Kept | undefined;

/** `onHeads`: the heads to run on (undefined: none); `onChoice`: the reader changed the text or the layers. */
export function modelField(onHeads: (read: ReadHeads | undefined) => void, onChoice: () => void): ModelField {
  const controls = modelControls();
  const { folder, files, status, text, drop, weightsOnly, last, readButton, stop, close, progress, tokens, dropLabel } =
    controls;
  const before = kept ?? { state: S.initialModelPanel(text.value), warning: '' };
  let { worker, info, state, warning } = before,
    lastRead = before.read;
  let expected: ModelLink | undefined;
  let stopAsked = false,
    attempt = 0;
  const keep = () => {
    kept = { worker, info, state, read: lastRead, warning };
  };
  const set = (next: S.ModelPanelState) => {
    state = next;
    keep();
    const on = state.reading;
    stop.hidden = progress.hidden = !on;
    readButton.disabled = on || !state.opened;
    folder.disabled = files.disabled = on;
    // One Stop while reading: the model's, beside its progress (the page's is hidden by the stylesheet).
    if (on) document.body.dataset.modelReading = '1';
    else delete document.body.dataset.modelReading;
  };
  /** The choice into the controls (a model opened, a link, the panel rebuilt). */
  const showChoice = () => {
    const c = state.choice;
    text.value = c.text;
    drop.checked = c.dropFirst;
    weightsOnly.checked = c.weights;
    text.disabled = drop.disabled = c.weights;
    if (info) last.max = String(info.layers - 1);
    last.value = state.opened ? String(c.lastLayer) : '';
  };
  const fromControls = () => {
    const n = Number(last.value);
    const lastLayer = info ? S.clampLastLayer(info, last.value === '' ? undefined : n) : 0;
    set(S.choiceEdited(state, { text: text.value, dropFirst: drop.checked, weights: weightsOnly.checked, lastLayer }));
    text.disabled = drop.disabled = weightsOnly.checked;
  };
  const fresh = () => {
    worker?.worker.terminate();
    worker?.reader?.terminate();
    worker = coreWorker(); // its first call, modelOpen, loads the model module
    keep();
    return worker.api;
  };
  /** The model open, in words: its folder's name when known, then its architecture, size and type. */
  const said = () => `${state.opened?.folder ? `${showable(state.opened.folder)}: ` : ''}${F.describeModel(info!)}`;
  const readStatus = (heads: ModelHeads, choice: S.ModelChoice) =>
    `${said()}. Read: ` +
    `${F.headsRead(info!, choice.lastLayer + 1, choice.weights, heads.ids.length)}` +
    `${S.layersNote(info!, choice.lastLayer)}.`;

  // A text longer than the model's positions: its tokens counted, and "Cut the text" offered beside the refusal.
  const count = async (t: string) => (await worker!.api.modelTokens(t, state.choice.dropFirst)).ids.length;
  const cut = modelCut({ count, text: () => state.choice.text, apply: (cutText) => edit(cutText) });
  const offerCut = async (choice: S.ModelChoice, model: ModelInfo) => {
    const tokens = await count(choice.text).catch(() => 0);
    if (tokens) cut.offer(tokens, model.tokenLimit, showable(model.name));
  };
  const read = async () => {
    if (!state.opened || !info || state.reading) return;
    const mine = ++attempt;
    set(S.readStarted(state));
    stopAsked = false;
    cut.hide();
    const choice = state.choice;
    const name = showable(info.name);
    status.textContent = `Reading ${name}: layer 1 of ${choice.lastLayer + 1}…`;
    try {
      const api = worker?.api ?? fresh();
      // A proxy's calls come over a port of their own, so a late one may arrive after the answer: ignored then.
      let answered = false;
      const onProgress = Comlink.proxy((p: PassProgress) => {
        if (mine !== attempt) return false;
        if (answered) return true;
        progress.value = Math.min(1, p.layer / p.layers);
        if (p.layer < p.layers)
          status.textContent = `Reading ${name}: layer ${p.layer + 1} of ${p.layers}, ${F.megabytes(p.bytesRead)} read…`;
        return !stopAsked;
      });
      const heads = await api
        .modelHeads(choice.text, choice.dropFirst, choice.lastLayer, choice.weights, onProgress)
        .finally(() => {
          answered = true;
        });
      if (mine !== attempt || !state.opened) return;
      if (!heads) {
        set(S.readEnded(state, undefined));
        status.textContent = `Stopped: ${said()}. Read the heads to run on this model.`;
        return;
      }
      set(S.readEnded(state, choice));
      tokens.textContent = choice.weights ? '' : F.tokenLine(heads.tokens);
      status.textContent =
        `${readStatus(heads, choice)} Run analyses them; the link records ` +
        `the model’s name, fingerprint and text, never its weights.${warning}`;
      lastRead = { heads, info, link: { ...S.linkOfChoice(S.choiceEdited(state, choice))! } };
      keep();
      onHeads(lastRead);
    } catch (error) {
      if (mine !== attempt) return;
      set(S.readEnded(state, undefined));
      status.textContent = `Could not read the heads: ${showable(String((error as Error).message).split('\n')[0])}`;
      if (!choice.weights) void offerCut(choice, info);
      lastRead = undefined;
      keep();
      onHeads(undefined);
    }
  };

  const open = async (entries: [string, File][], folderOf?: string) => {
    const mine = ++attempt;
    onHeads(undefined);
    info = lastRead = undefined;
    warning = '';
    set(S.modelClosed(state));
    tokens.textContent = '';
    close.hidden = entries.length === 0;
    if (!entries.length) {
      status.textContent = 'No model open: choose its folder, or its files together; Run waits for its heads.';
      return;
    }
    set(S.readStarted(state)); // opening: Stop and the folder inputs as while reading
    status.textContent = `Opening the model (${entries.length} files): reading config.json and the tensor headers…`;
    try {
      const api = fresh();
      const reader = startModelReader(entries); // reads the files while the core computes
      worker!.reader = reader.worker;
      const answer = await api.modelOpen(entries, Comlink.transfer(reader.port, [reader.port]));
      if (mine !== attempt) return;
      info = answer.info;
      set(S.modelOpened(state, answer.info, answer.fingerprint, expected, folderOf));
      showChoice();
      dropLabel.textContent = F.leaveOutFirstLabel(answer.info.family);
      const differs = expected?.hash && expected.hash !== answer.fingerprint;
      warning = differs
        ? ` This folder is not the one the link was made with (fingerprint ${answer.fingerprint}, ` +
          `the link’s ${expected!.hash}): its numbers may differ.`
        : '';
      if (!answer.hasTokenizer && !state.choice.weights) {
        // No text can be read without the tokenizer: the weights alone can.
        set(S.choiceEdited(state, { weights: true }));
        showChoice();
        warning += ' The folder has no tokenizer.json, so no text can be read: Weights only is chosen.';
      }
      keep();
      status.textContent = `${said()}.${warning}`;
      onChoice(); // the address names the new model
      void read();
    } catch (error) {
      if (mine !== attempt) return;
      set(S.modelClosed(state));
      status.textContent = `Could not open the model: ${showable(String((error as Error).message).split('\n')[0])}`;
    }
  };

  folder.addEventListener('change', () => {
    files.value = '';
    void open(F.byName(Array.from(folder.files ?? [])), F.folderName(Array.from(folder.files ?? [])));
  });
  files.addEventListener('change', () => {
    folder.value = '';
    void open(F.byName(Array.from(files.files ?? [])));
  });
  readButton.addEventListener('click', () => void read());
  stop.addEventListener('click', () => {
    stopAsked = true;
    status.textContent = 'Stopping after this layer…';
  });
  close.addEventListener('click', () => {
    folder.value = files.value = '';
    worker?.worker.terminate();
    worker?.reader?.terminate();
    worker = undefined;
    keep();
    void open([]);
  });
  const changed = () => {
    if (!state.opened || state.reading || !info) return;
    const outdated = S.readOutdated(state);
    status.classList.toggle('outdated', outdated);
    if (outdated)
      status.textContent =
        `${said()}. The text or the layers changed: Read the heads again (Run waits for it).` +
        `${S.layersNote(info, state.choice.lastLayer)}`;
  };
  /** An edit of the choice (typed, or the text cut): the state, the outdated note and the address follow. */
  function edit(cutText?: string) {
    if (cutText !== undefined) text.value = cutText;
    fromControls();
    changed();
    onChoice();
    if (cutText !== undefined) void read();
  }
  for (const input of [text, drop, last, weightsOnly]) input.addEventListener('input', () => edit());
  weightsOnly.addEventListener('change', fromControls);

  const element = modelFieldset(controls);
  status.after(cut.element); // a text too long for the model: cut it here
  // Its text and choices are not the experiment's parameters: edits here start no live run (Run waits for the heads);
  // the page is told through onChoice instead (the address and the outdated note follow).
  for (const type of ['input', 'change']) element.addEventListener(type, (e) => e.stopPropagation());
  F.acceptDroppedFolder(element, open, (message) => {
    status.textContent = `Could not read the dropped folder: ${message}`;
  });

  showChoice();
  const handed = F.takeHandedOver(); // dropped on the landing page: opened here
  if (handed) queueMicrotask(() => void open(handed.entries, handed.folder));
  else if (state.opened && info) {
    // the model open on the page before this panel was built: shown, and its heads used again
    close.hidden = false;
    set(state);
    status.textContent = `${said()}.${warning}`;
    if (lastRead && state.readFor) {
      const read = lastRead;
      tokens.textContent = read.link.weights ? '' : F.tokenLine(read.heads.tokens);
      status.textContent = `${readStatus(read.heads, state.readFor)}${warning}`;
      queueMicrotask(() => onHeads(read));
    }
  }
  return {
    element,
    async attention(index) {
      const read = lastRead,
        api = worker?.api;
      return read && api ? headAttention(read, index, (...args) => api.modelAttention(...args)) : undefined;
    },
    busy: () => S.readWaits(state),
    expect(link) {
      expectCorpus(link?.corpus);
      expected = link;
      if (!link) return false;
      set(S.linkExpected(state, link, info));
      showChoice();
      if (state.opened && lastRead && readsSameHeads(lastRead.link, link)) return true;
      if (!state.opened)
        status.textContent =
          `This link was made with the model ` +
          `“${showable(link.name)}”${link.hash ? ` (fingerprint ${link.hash})` : ''}. ` +
          `Links never carry a model: open its folder here to reproduce the numbers.`;
      else changed();
      return false;
    },
    link: () => withCorpus(S.linkOfChoice(state)),
  };
}

/** The open model and the panel's choice, for a study over a corpus (ui/corpus-panel.ts); undefined with none open. */
export function openModel() {
  const k = kept;
  if (!k?.worker || !k.info || !k.state.opened) return undefined;
  const { lastLayer, dropFirst } = k.state.choice;
  return { api: k.worker.api, info: k.info, lastLayer, dropFirst, reading: k.state.reading };
}
