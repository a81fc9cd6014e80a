// SPDX-License-Identifier: Apache-2.0
// "Your own model": a Hugging Face model folder opened on the reader's machine (a folder picker, its files chosen
// together, or dropped), a text, and every head of layers 0..last read by the core in a worker (engine/model-worker.ts)
// with progress in bytes and layers and a Stop. The heads become the experiment's Q and K, as uploaded files would;
// the link records the model's name, fingerprint and text, never the weights. Here the controls are wired to the open
// model (session.ts); its state is ui/model/state.ts's.
import type { ModelLink } from '../../state/model-link';
import * as F from './folder';
import { headAttention, type HeadAttention } from './attention';
import { modelControls, modelFieldset, type ModelControls } from './form';
import type { ReadHeads } from './read-heads';
import { ModelSession } from './session';
import { expectCorpus, withCorpus } from '../corpus/corpus-choice';
import * as S from './state';

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

/** `onHeads`: the heads to run on (undefined: none); `onChoice`: the reader changed the text or the layers. */
export function modelField(onHeads: (read: ReadHeads | undefined) => void, onChoice: () => void): ModelField {
  const controls = modelControls();
  const { folder, files, status, text, drop, weightsOnly, last, readButton, stop, close } = controls;
  const session = new ModelSession(controls, { onHeads, onChoice });
  folder.addEventListener('change', () => {
    files.value = '';
    void session.open(F.byName(Array.from(folder.files ?? [])), F.folderName(Array.from(folder.files ?? [])));
  });
  files.addEventListener('change', () => {
    folder.value = '';
    void session.open(F.byName(Array.from(files.files ?? [])));
  });
  readButton.addEventListener('click', () => void session.read());
  stop.addEventListener('click', () => session.askStop());
  close.addEventListener('click', () => session.close());
  for (const input of [text, drop, last, weightsOnly]) input.addEventListener('input', () => session.edit());
  weightsOnly.addEventListener('change', () => session.fromControls());

  const element = modelFieldset(controls);
  status.after(session.cut.element); // a text too long for the model: cut it here
  // Its text and choices are not the experiment's parameters: edits here start no live run (Run waits for the heads);
  // the page is told through onChoice instead (the address and the outdated note follow).
  for (const type of ['input', 'change']) element.addEventListener(type, (e) => e.stopPropagation());
  F.acceptDroppedFolder(
    element,
    (entries, folderOf) => session.open(entries, folderOf),
    (message) => {
      status.textContent = `Could not read the dropped folder: ${message}`;
    },
  );

  session.showChoice();
  const handed = F.takeHandedOver(); // dropped on the landing page: opened here
  if (handed) queueMicrotask(() => void session.open(handed.entries, handed.folder));
  else if (session.state.opened && session.info) shownAgain(session, controls, onHeads);
  return {
    element,
    async attention(index) {
      const read = session.lastRead,
        api = session.worker?.api;
      return read && api ? headAttention(read, index, (...args) => api.modelAttention(...args)) : undefined;
    },
    busy: () => S.readWaits(session.state),
    expect(link) {
      expectCorpus(link?.corpus);
      return session.expect(link);
    },
    link: () => withCorpus(S.linkOfChoice(session.state)),
  };
}

/** The model open on the page before this panel was built: shown, and its heads used again. */
function shownAgain(
  session: ModelSession,
  { close, status, tokens }: ModelControls,
  onHeads: (read: ReadHeads) => void,
): void {
  close.hidden = false;
  session.set(session.state);
  status.textContent = `${session.said()}.${session.warning}`;
  if (session.lastRead && session.state.readFor) {
    const read = session.lastRead;
    tokens.textContent = read.link.weights ? '' : F.tokenLine(read.heads.tokens);
    status.textContent = `${session.readStatus(read.heads, session.state.readFor)}${session.warning}`;
    queueMicrotask(() => onHeads(read));
  }
}
