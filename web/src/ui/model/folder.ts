// SPDX-License-Identifier: Apache-2.0
// A model folder as the page receives it (a folder picker, files chosen together, or a dropped folder) and the words
// that describe an opened model (its family's name, its size, its first token, the heads read).
import type { ModelInfo } from '../../engine/model-pass';
import { showable } from '../../state/url';

const FAMILY_NAMES: Record<string, string> = {
  bert: 'BERT',
  roberta: 'RoBERTa',
  distilbert: 'DistilBERT',
  gpt2: 'GPT-2',
  llama: 'LLaMA',
  qwen2: 'Qwen2',
};
const FIRST_TOKEN = { bert: '[CLS]', roberta: '<s>', distilbert: '[CLS]' } as Record<string, string>;

export function megabytes(bytes: number): string {
  return bytes >= 1e9
    ? `${(bytes / 1e9).toFixed(2)} GB`
    : bytes >= 1e6
      ? `${(bytes / 1e6).toFixed(1)} MB`
      : `${Math.max(1, Math.round(bytes / 1e3))} kB`;
}

export function describeModel(info: ModelInfo): string {
  const kv = info.kvHeads !== info.heads ? ` (${info.kvHeads} key heads)` : '';
  return (
    `${info.name} · ${FAMILY_NAMES[info.family] ?? info.family} · ${info.layers} layers × ${info.heads} ` +
    `heads${kv}, head size ${info.headDim} · ${info.dtype} · ${megabytes(info.fileBytes)}`
  );
}

/** The files of a folder picker (only the folder's own files, not its subfolders'), or of files chosen together. */
export function byName(files: Iterable<File>): [string, File][] {
  const out = new Map<string, File>();
  for (const file of files) {
    const parts = (file.webkitRelativePath || file.name).split('/');
    if (parts.length <= 2) out.set(parts[parts.length - 1], file);
  }
  return [...out];
}

/** The folder a folder picker's files are in ("bert-base-uncased"); undefined for files chosen one by one. */
export function folderName(files: Iterable<File>): string | undefined {
  for (const file of files) {
    const parts = (file.webkitRelativePath || '').split('/');
    if (parts.length >= 2 && parts[0]) return parts[0];
  }
  return undefined;
}

/** A dropped model: its files (a folder's own, not its subfolders', or the dropped files) and the folder's name. */
interface DroppedModel {
  entries: [string, File][];
  folder?: string;
}

/** The files of a dropped folder (its own, not its subfolders') or the dropped files. */
async function droppedFiles(data: DataTransfer): Promise<DroppedModel> {
  const entry = data.items?.[0]?.webkitGetAsEntry?.();
  if (!entry?.isDirectory) return { entries: byName(Array.from(data.files)) };
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  const entries: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (!batch.length) break;
    entries.push(...batch);
  }
  const files = await Promise.all(
    entries
      .filter((e) => e.isFile)
      .map((e) => new Promise<File>((resolve, reject) => (e as FileSystemFileEntry).file(resolve, reject))),
  );
  return { entries: files.map((f) => [f.name, f]), folder: entry.name };
}

/** The label of "Leave out the first token", naming the token the family's tokenizer puts first. */
export function leaveOutFirstLabel(family: string): string {
  const first = FIRST_TOKEN[family] ?? (family === 'llama' ? 'BOS, <s>' : '');
  return `Leave out the first token${first ? ` (${first})` : ''}`;
}

/** The tokens read, as the panel lists them. */
export function tokenLine(tokens: string[]): string {
  return `${tokens.length} tokens: ${tokens.map(showable).join(' · ')}`;
}

/** "144 heads (layers 0–11) of 12 tokens", or as W_Q W_Kᵀ when the heads are the weights only. */
export function headsRead(info: ModelInfo, layers: number, weights: boolean, tokens: number): string {
  const how = weights
    ? `as W_Q W_Kᵀ over the ${info.hidden} directions of the residual stream (weights only)`
    : `of ${tokens} tokens`;
  return `${layers * info.heads} heads (layers 0–${layers - 1}) ${how}`;
}

/** Opens what is dropped on `element` as a model folder; `failed` says why a dropped folder could not be read. */
export function acceptDroppedFolder(
  element: HTMLElement,
  open: (entries: [string, File][], folder?: string) => unknown,
  failed: (message: string) => void,
): void {
  element.addEventListener('dragover', (e) => {
    e.preventDefault();
    element.classList.add('drop-target');
  });
  element.addEventListener('dragleave', () => element.classList.remove('drop-target'));
  element.addEventListener('drop', (e) => {
    e.preventDefault();
    element.classList.remove('drop-target');
    if (e.dataTransfer)
      void droppedFiles(e.dataTransfer).then(
        (dropped) => open(dropped.entries, dropped.folder),
        (error: Error) => failed(error.message),
      );
  });
}

/** A model dropped where no model panel is (the landing page), for the next panel built to open. */
let handedOver: DroppedModel | undefined;

export function handOver(dropped: DroppedModel): void {
  handedOver = dropped;
}

/** The model handed over, once (undefined when none is waiting). */
export function takeHandedOver(): DroppedModel | undefined {
  const dropped = handedOver;
  handedOver = undefined;
  return dropped;
}
