// SPDX-License-Identifier: Apache-2.0
// "Your own model": a Hugging Face model folder opened on the reader's machine (a folder picker, its files chosen
// together, or dropped), a text, and every head of layers 0..last read by the core in a worker (engine/model-worker.ts)
// with progress in bytes and layers and a Stop. The heads become the experiment's Q and K, as uploaded files would;
// the link records the model's name, fingerprint and text, never the weights.
import * as Comlink from 'comlink';
import type { ModelInfo, PassProgress } from '../engine/model-pass';
import type { ModelHeads } from '../engine/model-worker';
import { startModelReader } from '../engine/model-reader';
import { coreWorker } from '../engine/worker-runner';
import { readsSameHeads, type ModelLink } from '../state/model-link';
import { showable } from '../state/url';
import {
  acceptDroppedFolder,
  byName,
  describeModel,
  headsRead,
  leaveOutFirstLabel,
  megabytes,
  tokenLine,
} from './model-folder';
import { headAttention, type HeadAttention } from './model-attention';
import { modelControls, modelFieldset } from './model-form';

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
  /**
   * A link made with a model: its text and choices are filled in, and the folder opened is checked against it.
   * True when the model open on the page has already read the heads the link asks for (the link can run at once).
   */
  expect(link: ModelLink | undefined): boolean;
}

interface Kept {
  worker?: ReturnType<typeof coreWorker> & { reader?: Worker };
  opened?: { entries: [string, File][]; info: ModelInfo; fingerprint: string };
  /** The text, first-token and layer choice the heads were read for, and those heads. */
  readFor: string;
  read?: ReadHeads;
  /** The folder is not the link's (its fingerprint differs): said with every status. */
  warning: string;
}
let kept: Kept = { readFor: '', warning: '' };

export function modelField(onHeads: (read: ReadHeads | undefined) => void): ModelField {
  const controls = modelControls();
  const { folder, files, status, text, drop, weightsOnly, last, readButton, stop, close, progress, tokens, dropLabel } =
    controls;

  // The open model outlives the panel (module state): switching experiment, or a head atlas cell opening a head,
  // keeps it and its heads, so they are not read again.
  let { worker, opened, readFor, read: lastRead, warning } = kept;
  let expected: ModelLink | undefined;
  let reading = false,
    stopAsked = false,
    attempt = 0;
  const keep = () => {
    kept = { worker, opened, readFor, read: lastRead, warning };
  };

  const choice = () => `${text.value}\u0000${drop.checked}\u0000${last.value}\u0000${weightsOnly.checked}`;
  const showWeights = () => {
    text.disabled = drop.disabled = weightsOnly.checked;
  };
  const lastLayer = () => {
    const n = Number(last.value);
    return opened && Number.isInteger(n) && n >= 0 && n < opened.info.layers ? n : (opened?.info.layers ?? 1) - 1;
  };
  const fresh = () => {
    worker?.worker.terminate();
    worker?.reader?.terminate();
    worker = coreWorker(); // its first call, modelOpen, loads the model module
    keep();
    return worker.api;
  };
  const setBusy = (on: boolean) => {
    reading = on;
    stop.hidden = !on;
    progress.hidden = !on;
    readButton.disabled = on || !opened;
    folder.disabled = files.disabled = on;
  };

  const read = async () => {
    if (!opened || reading) return;
    const mine = ++attempt;
    setBusy(true);
    stopAsked = false;
    const wanted = choice();
    const layers = lastLayer() + 1;
    status.textContent = `Reading ${showable(opened.info.name)}: layer 1 of ${layers}…`;
    try {
      const api = worker?.api ?? fresh();
      // A proxy's calls come over a port of their own, so a late one may arrive after the answer: ignored then.
      let answered = false;
      const onProgress = Comlink.proxy((p: PassProgress) => {
        if (mine !== attempt) return false;
        if (answered) return true;
        progress.value = Math.min(1, p.layer / p.layers);
        if (p.layer < p.layers)
          status.textContent =
            `Reading ${showable(opened!.info.name)}: layer ${p.layer + 1} ` +
            `of ${p.layers}, ${megabytes(p.bytesRead)} read…`;
        return !stopAsked;
      });
      const heads = await api
        .modelHeads(text.value, drop.checked, layers - 1, weightsOnly.checked, onProgress)
        .finally(() => {
          answered = true;
        });
      if (mine !== attempt || !opened) return;
      if (!heads) {
        status.textContent = `Stopped: ${describeModel(opened.info)}. Read the heads to run on this model.`;
        return;
      }
      readFor = wanted;
      const { info, fingerprint } = opened;
      tokens.textContent = weightsOnly.checked ? '' : tokenLine(heads.tokens);
      const heads3 = headsRead(info, layers, weightsOnly.checked, heads.ids.length);
      status.textContent =
        `${describeModel(info)}. Read: ${heads3}. Run analyses them; the link records ` +
        `the model’s name, fingerprint and text, never its weights.${warning}`;
      lastRead = {
        heads,
        info,
        link: {
          name: info.name,
          hash: fingerprint,
          text: text.value,
          dropFirst: drop.checked,
          ...(layers < info.layers ? { lastLayer: layers - 1 } : {}),
          ...(weightsOnly.checked ? { weights: true } : {}),
        },
      };
      keep();
      onHeads(lastRead);
    } catch (error) {
      if (mine !== attempt) return;
      status.textContent = `Could not read the heads: ${showable(String((error as Error).message).split('\n')[0])}`;
      lastRead = undefined;
      keep();
      onHeads(undefined);
    } finally {
      if (mine === attempt) setBusy(false);
    }
  };

  const open = async (entries: [string, File][]) => {
    const mine = ++attempt;
    onHeads(undefined);
    opened = undefined;
    readFor = '';
    lastRead = undefined;
    warning = '';
    keep();
    tokens.textContent = '';
    close.hidden = entries.length === 0;
    if (!entries.length) {
      status.textContent = 'No model open: the run uses the heads above.';
      setBusy(false);
      return;
    }
    setBusy(true);
    status.textContent = `Opening the model (${entries.length} files): reading config.json and the tensor headers…`;
    try {
      const api = fresh();
      const reader = startModelReader(entries); // reads the files while the core computes
      worker!.reader = reader.worker;
      const answer = await api.modelOpen(entries, Comlink.transfer(reader.port, [reader.port]));
      if (mine !== attempt) return;
      opened = { entries, ...answer };
      keep();
      last.max = String(answer.info.layers - 1);
      if (!last.value || Number(last.value) >= answer.info.layers) last.value = String(answer.info.layers - 1);
      dropLabel.textContent = leaveOutFirstLabel(answer.info.family);
      const differs = expected?.hash && expected.hash !== answer.fingerprint;
      warning = differs
        ? ` This folder is not the one the link was made with (fingerprint ${answer.fingerprint}, ` +
          `the link’s ${expected!.hash}): its numbers may differ.`
        : '';
      keep();
      status.textContent = `${describeModel(answer.info)}.${warning}`;
      if (!answer.hasTokenizer) status.textContent += ' The folder has no tokenizer.json: a text cannot be read.';
      setBusy(false);
      void read();
    } catch (error) {
      if (mine !== attempt) return;
      status.textContent = `Could not open the model: ${showable(String((error as Error).message).split('\n')[0])}`;
      setBusy(false);
      readButton.disabled = true;
    }
  };

  folder.addEventListener('change', () => {
    files.value = '';
    void open(byName(Array.from(folder.files ?? [])));
  });
  files.addEventListener('change', () => {
    folder.value = '';
    void open(byName(Array.from(files.files ?? [])));
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
    if (!opened || reading) return;
    const outdated = choice() !== readFor;
    status.classList.toggle('outdated', outdated);
    if (outdated)
      status.textContent =
        `${describeModel(opened.info)}. The text or the layers ` + `changed: Read the heads again (Run waits for it).`;
  };
  for (const input of [text, drop, last, weightsOnly]) input.addEventListener('input', changed);
  weightsOnly.addEventListener('change', showWeights);

  const element = modelFieldset(controls);
  // Its text and choices are not parameters: edits here start no live run and mark nothing outdated (Run waits
  // instead).
  for (const type of ['input', 'change']) element.addEventListener(type, (e) => e.stopPropagation());
  acceptDroppedFolder(element, open, (message) => {
    status.textContent = `Could not read the dropped folder: ${message}`;
  });

  if (opened) {
    // the model open on the page before this panel was built: shown, and its heads used again
    const info = opened.info;
    status.textContent = `${describeModel(info)}.${warning}`;
    last.max = String(info.layers - 1);
    close.hidden = false;
    readButton.disabled = false;
    if (lastRead) {
      const read = lastRead;
      text.value = read.link.text;
      drop.checked = read.link.dropFirst;
      weightsOnly.checked = read.link.weights === true;
      showWeights();
      last.value = String(read.link.lastLayer ?? info.layers - 1);
      tokens.textContent = read.link.weights ? '' : tokenLine(read.heads.tokens);
      const heads3 = headsRead(info, Number(last.value) + 1, read.link.weights === true, read.heads.ids.length);
      status.textContent = `${describeModel(info)}. Read: ${heads3}.${warning}`;
      readFor = choice();
      keep();
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
    busy() {
      if (reading) return 'The model’s heads are being read: Run when they are (or press Stop).';
      if (opened && choice() !== readFor)
        return 'The text or the layers changed since the model’s heads were read: press “Read the heads”, then Run.';
      return undefined;
    },
    expect(link) {
      expected = link;
      if (!link) return false;
      text.value = link.text;
      drop.checked = link.dropFirst;
      weightsOnly.checked = link.weights === true;
      showWeights();
      // '': every layer, once open
      last.value = link.lastLayer !== undefined ? String(link.lastLayer) : opened ? String(opened.info.layers - 1) : '';
      if (opened && lastRead && readsSameHeads(lastRead.link, link)) return true;
      if (!opened)
        status.textContent =
          `This link was made with the model ` +
          `“${showable(link.name)}”${link.hash ? ` (fingerprint ${link.hash})` : ''}. ` +
          `Links never carry a model: open its folder here to reproduce the numbers.`;
      else changed();
      return false;
    },
  };
}
