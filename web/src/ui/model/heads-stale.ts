// SPDX-License-Identifier: Apache-2.0
// Why a model's heads on hand no longer match what the page asks for, in words a reader can act on: another folder,
// the model closed, Weights only turned on or off, the text, the first token or Last layer changed since the heads
// were read ("The text changed since these heads were read (they were read on “the cat sat…”)"). For the model panel's
// status, Run's refusal (ui/model/state.ts) and the figures' outdated note (ui/panel/follow.ts). Pure, no DOM.
import type { ModelLink } from '../../state/model-link';
import { showable } from '../../state/url';

/** What a read was asked for, as a link says it (lastLayer undefined: every layer) or the panel holds it. */
type Read = Pick<ModelLink, 'text' | 'dropFirst' | 'weights' | 'lastLayer'>;

type ReadChange = 'weightsOn' | 'weightsOff' | 'text' | 'dropFirst' | 'lastLayer';

/** What changed from the read `before` to the choice `now`; the text and first token only when both read a text. */
export function readChanges(before: Read, now: Read): ReadChange[] {
  const was = Boolean(before.weights),
    is = Boolean(now.weights);
  const out: ReadChange[] = [];
  if (was !== is) out.push(is ? 'weightsOn' : 'weightsOff');
  else if (!is && before.text !== now.text) out.push('text');
  if (!was && !is && before.dropFirst !== now.dropFirst) out.push('dropFirst');
  if (before.lastLayer !== now.lastLayer) out.push('lastLayer');
  return out;
}

/** A text in a note: its first words, quoted, its invisible reordering characters written out. */
export const quoted = (text: string, chars = 40): string =>
  `“${showable(text.length > chars ? `${text.slice(0, chars - 1).trimEnd()}…` : text)}”`;

const list = (items: string[]): string =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** How the heads `before` were read, for the parenthesis: "they were read on “the cat…”, for layers 0 to 6". */
function howRead(before: Read, changes: readonly ReadChange[]): string {
  const parts: string[] = [];
  if (before.weights) parts.push('as the weights’ bilinear forms');
  else if (changes.includes('text') || changes.includes('weightsOn')) parts.push(`on ${quoted(before.text)}`);
  if (changes.includes('dropFirst')) parts.push(`with the first token ${before.dropFirst ? 'left out' : 'kept'}`);
  if (changes.includes('lastLayer'))
    parts.push(before.lastLayer === undefined ? 'for every layer' : `for layers 0 to ${before.lastLayer}`);
  return `they were read ${parts.join(', ')}`;
}

/**
 * "The text and Last layer changed since these heads were read (they were read on “the cat…”, for layers 0 to 6)";
 * `heads`: what the sentence calls them ("these heads", "the heads"). Empty when nothing changed.
 */
export function readChangedSentence(before: Read, changes: readonly ReadChange[], heads = 'these heads'): string {
  if (!changes.length) return '';
  const toggled = changes.includes('weightsOn')
    ? 'Weights only was turned on'
    : changes.includes('weightsOff')
      ? 'Weights only was turned off'
      : '';
  const subjects = { text: 'the text', dropFirst: 'the first-token choice', lastLayer: 'Last layer' } as const;
  const changed = list(changes.flatMap((c) => (c in subjects ? [subjects[c as keyof typeof subjects]] : [])));
  const what = [toggled, changed && `${changed} changed`].filter(Boolean).join(' and ');
  return `${capitalised(what)} since ${heads} were read (${howRead(before, changes)})`;
}

/** The model's name as the page says it: its folder's name when known, else its architecture. */
const nameOf = (link: Pick<ModelLink, 'name' | 'folder'>): string => showable(link.folder ?? link.name);

const sameModel = (a: ModelLink, b: ModelLink): boolean =>
  a.name === b.name && (!a.hash || !b.hash || a.hash === b.hash) && (!a.folder || !b.folder || a.folder === b.folder);

/**
 * Why the figures of a run on `before`'s heads no longer match the panel, which holds `now` (undefined: no model's
 * heads chosen; `source` says where the heads come from instead). Empty when the same heads are asked for.
 */
export function shownHeadsStale(before: ModelLink, now: ModelLink | undefined, source?: string): string {
  const name = nameOf(before);
  if (!now)
    return source === 'model' || source === undefined
      ? `The model was closed since these heads were read (they are ${name}’s)`
      : `The heads now come from ${source === 'files' ? 'your files' : 'the synthetic zoo'} (these figures are ` +
          `${name}’s)`;
  if (!sameModel(before, now))
    return `The folder changed since these heads were read (they are ${name}’s, the panel holds ${nameOf(now)})`;
  return readChangedSentence(before, readChanges(before, now));
}

/** The figures' outdated note of a model run: why, any other parameter changed, and what to do. */
export const staleHeadsNote = (reason: string, others: string, mustRead: boolean): string =>
  `${reason}${others ? `; also ${others}` : ''}. ` +
  (mustRead ? 'Press “Read the heads” under Your model, then Run.' : 'Run to update the figures.');
