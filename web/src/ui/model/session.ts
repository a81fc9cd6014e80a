// SPDX-License-Identifier: Apache-2.0
// The model open in "Your own model": its worker, what is read of it, and how that is said in the panel's controls.
// Opening a folder or files, reading the heads of the choice made, stopping, closing, and the choice edited; the
// panel (model-panel.ts) wires the controls' events to it. Its state is ui/model/state.ts's.
import * as Comlink from 'comlink';
import type { ModelInfo, PassProgress } from '../../engine/model-pass';
import type { ModelHeads } from '../../engine/model-worker';
import { startModelReader } from '../../engine/model-reader';
import { coreWorker } from '../../engine/worker-runner';
import { readsSameHeads, type ModelLink } from '../../state/model-link';
import { showable } from '../../state/url';
import { modelCut } from './cut';
import * as F from './folder';
import type { ModelControls } from './form';
import type { ReadHeads } from './read-heads';
import * as S from './state';

interface Kept {
  worker?: ReturnType<typeof coreWorker> & { reader?: Worker };
  info?: ModelInfo;
  state: S.ModelPanelState;
  read?: ReadHeads;
  warning: string; // the folder is not the link's, or has no tokenizer: said with every status
}
// The open model outlives the panel (module state): another experiment, or a head atlas cell, reads it no more.
let kept: Kept | undefined;
const STOPPED_OPENING = 'Stopped: no model open. Choose its folder, or its files together, to open it.';

/** The open model and the panel's choice, for a study over a corpus (ui/corpus/corpus-panel.ts); none: undefined. */
export function openModel() {
  const k = kept;
  if (!k?.worker || !k.info || !k.state.opened) return undefined;
  const { lastLayer, dropFirst } = k.state.choice;
  return { api: k.worker.api, info: k.info, lastLayer, dropFirst, reading: k.state.reading };
}

/** `onHeads`: the heads to run on (undefined: none); `onChoice`: the reader changed the text or the layers. */
interface SessionHandlers {
  onHeads: (read: ReadHeads | undefined) => void;
  onChoice: () => void;
}

export class ModelSession {
  worker: Kept['worker'];
  info: ModelInfo | undefined;
  state: S.ModelPanelState;
  warning: string;
  lastRead: ReadHeads | undefined;
  private expected: ModelLink | undefined;
  private stopAsked = false;
  private attempt = 0;
  // A text longer than the model's positions: its tokens counted, and "Cut the text" offered beside the refusal.
  readonly cut = modelCut({
    count: (t) => this.count(t),
    text: () => this.state.choice.text,
    apply: (cutText) => this.edit(cutText),
  });

  constructor(
    private readonly c: ModelControls,
    private readonly handlers: SessionHandlers,
  ) {
    const before = kept ?? { state: S.initialModelPanel(c.text.value), warning: '' };
    this.worker = before.worker;
    this.info = before.info;
    this.state = before.state;
    this.warning = before.warning;
    this.lastRead = before.read;
  }

  keep(): void {
    kept = { worker: this.worker, info: this.info, state: this.state, read: this.lastRead, warning: this.warning };
  }

  set(next: S.ModelPanelState): void {
    const { stop, progress, readButton, folder, files } = this.c;
    this.state = next;
    this.keep();
    const on = this.state.reading;
    stop.hidden = progress.hidden = !on;
    readButton.disabled = on || !this.state.opened;
    folder.disabled = files.disabled = on;
    // One Stop while reading: the model's, beside its progress (the page's is hidden by the stylesheet).
    if (on) document.body.dataset.modelReading = '1';
    else delete document.body.dataset.modelReading;
  }

  /** The choice into the controls (a model opened, a link, the panel rebuilt). */
  showChoice(): void {
    const { text, drop, weightsOnly, last } = this.c;
    const c = this.state.choice;
    text.value = c.text;
    drop.checked = c.dropFirst;
    weightsOnly.checked = c.weights;
    text.disabled = drop.disabled = c.weights;
    if (this.info) last.max = String(this.info.layers - 1);
    last.value = this.state.opened ? String(c.lastLayer) : '';
  }

  fromControls(): void {
    const { text, drop, weightsOnly, last } = this.c;
    const n = Number(last.value);
    const lastLayer = this.info ? S.clampLastLayer(this.info, last.value === '' ? undefined : n) : 0;
    this.set(
      S.choiceEdited(this.state, {
        text: text.value,
        dropFirst: drop.checked,
        weights: weightsOnly.checked,
        lastLayer,
      }),
    );
    text.disabled = drop.disabled = weightsOnly.checked;
  }

  private fresh() {
    for (const w of [this.worker?.worker, this.worker?.reader]) w?.terminate();
    this.worker = coreWorker(); // its first call, modelOpen, loads the model module
    this.keep();
    return this.worker.api;
  }

  /** The model open, in words: its folder's name when known, then its architecture, size and type. */
  said(): string {
    const { opened } = this.state;
    return `${opened?.folder ? `${showable(opened.folder)}: ` : ''}${F.describeModel(this.info!)}`;
  }

  readStatus(heads: ModelHeads, choice: S.ModelChoice): string {
    return (
      `${this.said()}. Read: ` +
      `${F.headsRead(this.info!, choice.lastLayer + 1, choice.weights, heads.ids.length)}` +
      `${S.layersNote(this.info!, choice.lastLayer)}.`
    );
  }

  private async count(t: string): Promise<number> {
    return (await this.worker!.api.modelTokens(t, this.state.choice.dropFirst)).ids.length;
  }

  private async offerCut(choice: S.ModelChoice, model: ModelInfo): Promise<void> {
    const tokens = await this.count(choice.text).catch(() => 0);
    if (tokens) this.cut.offer(tokens, model.tokenLimit, showable(model.name));
  }

  /** The heads of the choice made, read layer by layer with progress; Stop ends the read after a layer. */
  async read(): Promise<void> {
    const { status, progress, tokens } = this.c;
    const info = this.info;
    if (!this.state.opened || !info || this.state.reading) return;
    const mine = ++this.attempt;
    this.set(S.readStarted(this.state));
    this.stopAsked = false;
    this.cut.hide();
    const choice = this.state.choice;
    const name = showable(info.name);
    status.textContent = `Reading ${name}: layer 1 of ${choice.lastLayer + 1}…`;
    try {
      const api = this.worker?.api ?? this.fresh();
      // A proxy's calls come over a port of their own, so a late one may arrive after the answer: ignored then.
      let answered = false;
      const onProgress = Comlink.proxy((p: PassProgress) => {
        if (mine !== this.attempt) return false;
        if (answered) return true;
        progress.value = Math.min(1, p.layer / p.layers);
        if (p.layer < p.layers)
          status.textContent = `Reading ${name}: layer ${p.layer + 1} of ${p.layers}, ${F.megabytes(p.bytesRead)} read…`;
        return !this.stopAsked;
      });
      const heads = await api
        .modelHeads(choice.text, choice.dropFirst, choice.lastLayer, choice.weights, onProgress)
        .finally(() => {
          answered = true;
        });
      if (mine !== this.attempt || !this.state.opened) return;
      if (!heads) {
        this.set(S.readEnded(this.state, undefined));
        status.textContent = `Stopped: ${this.said()}. Read the heads to run on this model.`;
        return;
      }
      this.set(S.readEnded(this.state, choice));
      tokens.textContent = choice.weights ? '' : F.tokenLine(heads.tokens);
      status.textContent =
        `${this.readStatus(heads, choice)} Run analyses them; the link records ` +
        `the model’s name, fingerprint and text, never its weights.${this.warning}`;
      this.lastRead = { heads, info, link: { ...S.linkOfChoice(S.choiceEdited(this.state, choice))! } };
      this.keep();
      this.handlers.onHeads(this.lastRead);
    } catch (error) {
      if (mine !== this.attempt) return;
      this.set(S.readEnded(this.state, undefined));
      status.textContent = `Could not read the heads: ${showable(String((error as Error).message).split('\n')[0])}`;
      if (!choice.weights) void this.offerCut(choice, info);
      this.lastRead = undefined;
      this.keep();
      this.handlers.onHeads(undefined);
    }
  }

  /** A model's files opened (none: the model closed), checked against the link's, and its heads read. */
  async open(entries: [string, File][], folderOf?: string): Promise<void> {
    const { status, tokens, close, dropLabel } = this.c;
    const mine = ++this.attempt;
    this.handlers.onHeads(undefined);
    this.info = this.lastRead = undefined;
    this.warning = '';
    this.set(S.modelClosed(this.state));
    tokens.textContent = '';
    close.hidden = entries.length === 0;
    if (!entries.length) {
      status.textContent = 'No model open: choose its folder, or its files together; Run waits for its heads.';
      return;
    }
    this.set(S.readStarted(this.state)); // opening: Stop and the folder inputs as while reading
    status.textContent = `Opening the model (${entries.length} files): reading config.json and the tensor headers…`;
    try {
      const api = this.fresh();
      const reader = startModelReader(entries); // reads the files while the core computes
      this.worker!.reader = reader.worker;
      const answer = await api.modelOpen(entries, Comlink.transfer(reader.port, [reader.port]));
      if (mine !== this.attempt) return;
      this.info = answer.info;
      this.set(S.modelOpened(this.state, answer.info, answer.fingerprint, this.expected, folderOf));
      this.showChoice();
      dropLabel.textContent = F.leaveOutFirstLabel(answer.info.family);
      const differs = this.expected?.hash && this.expected.hash !== answer.fingerprint;
      this.warning = differs
        ? ` This folder is not the one the link was made with (fingerprint ${answer.fingerprint}, ` +
          `the link’s ${this.expected!.hash}): its numbers may differ.`
        : '';
      if (!answer.hasTokenizer && !this.state.choice.weights) {
        // No text can be read without the tokenizer: the weights alone can.
        this.set(S.choiceEdited(this.state, { weights: true }));
        this.showChoice();
        this.warning += ' The folder has no tokenizer.json, so no text can be read: Weights only is chosen.';
      }
      this.keep();
      status.textContent = `${this.said()}.${this.warning}`;
      this.handlers.onChoice(); // the address names the new model
      void this.read();
    } catch (error) {
      if (mine !== this.attempt) return;
      this.set(S.modelClosed(this.state));
      status.textContent = `Could not open the model: ${showable(String((error as Error).message).split('\n')[0])}`;
    }
  }

  /** Stop: the read ends after the layer under way; while opening (a huge header) its workers end now, as Close's. */
  askStop(): void {
    this.stopAsked = true;
    const opened = this.state.opened;
    if (!opened) this.close(); // nothing is kept while opening
    this.c.status.textContent = opened ? 'Stopping after this layer…' : STOPPED_OPENING;
  }

  /** A link made with a model: its choices filled in, the folder checked; true when its heads are already read. */
  expect(link: ModelLink | undefined): boolean {
    this.expected = link;
    if (!link) return false;
    this.set(S.linkExpected(this.state, link, this.info));
    this.showChoice();
    if (this.state.opened && this.lastRead && readsSameHeads(this.lastRead.link, link)) return true;
    if (!this.state.opened)
      this.c.status.textContent =
        `This link was made with the model ` +
        `“${showable(link.name)}”${link.hash ? ` (fingerprint ${link.hash})` : ''}. ` +
        `Links never carry a model: open its folder here to reproduce the numbers.`;
    else this.changed();
    return false;
  }

  /** Close: the worker ended, the model closed. */
  close(): void {
    const { folder, files } = this.c;
    folder.value = files.value = '';
    for (const w of [this.worker?.worker, this.worker?.reader]) w?.terminate();
    this.worker = undefined;
    this.keep();
    void this.open([]);
  }

  /** The outdated note, when the choice is no longer the one the heads were read for. */
  changed(): void {
    const { status } = this.c;
    if (!this.state.opened || this.state.reading || !this.info) return;
    const outdated = S.readOutdated(this.state);
    status.classList.toggle('outdated', outdated);
    if (outdated)
      status.textContent =
        `${this.said()}. ${S.readStaleReason(this.state)}. Read the heads again (Run waits for it)` +
        `${S.layersNote(this.info, this.state.choice.lastLayer)}.`;
  }

  /** An edit of the choice (typed, or the text cut): the state, the outdated note and the address follow. */
  edit(cutText?: string): void {
    if (cutText !== undefined) this.c.text.value = cutText;
    this.fromControls();
    this.changed();
    this.handlers.onChoice();
    if (cutText !== undefined) void this.read();
  }
}
