// SPDX-License-Identifier: Apache-2.0
// The files attached to a run, as one value the page holds (ui/app.ts) beside the link's state: files never
// travel in links, so they are not in AppState, but they are state, not the panel's closures. The panel's
// file fields replace the value through these pure transitions; a run reads it (ui/run-input.ts).
import { uploadsOf, type ExperimentMeta } from '../experiments/schema';
import type { ChosenFile } from './run-input';

export interface Uploads {
  /** Each input's parsed file. */
  readonly chosen: Readonly<Record<string, ChosenFile>>;
  /** The name of each input's refused file (unreadable, malformed, over budget): Run waits until it goes. */
  readonly refused: Readonly<Record<string, string>>;
  /** Inputs filled from their companion's head bundle (replaced when that file changes, dropped with it). */
  readonly fromCompanion: readonly string[];
}

export const NO_UPLOADS: Uploads = { chosen: {}, refused: {}, fromCompanion: [] };

/** `input` emptied: no file, no refusal, not filled from its companion. */
export function cleared(u: Uploads, input: string): Uploads {
  const { [input]: _chosen, ...chosen } = u.chosen;
  const { [input]: _refused, ...refused } = u.refused;
  return { chosen, refused, fromCompanion: u.fromCompanion.filter((i) => i !== input) };
}

/**
 * A file chosen by hand for `input` (parsed, refused by name, or removed: neither); a `companion` filled from
 * the previous file of `input` is dropped with it (`dropped` says so, for its field's status line).
 */
export function chosenByHand(
  u: Uploads,
  input: string,
  file: ChosenFile | undefined,
  refusedName: string | undefined,
  companion: string | undefined,
): { uploads: Uploads; dropped: boolean } {
  let next = cleared(u, input);
  if (file) next = { ...next, chosen: { ...next.chosen, [input]: file } };
  if (refusedName) next = { ...next, refused: { ...next.refused, [input]: refusedName } };
  const dropped = companion !== undefined && u.fromCompanion.includes(companion);
  return { uploads: dropped ? cleared(next, companion) : next, dropped };
}

/** `input` is free for a companion's bundle: empty, or filled from a bundle before. */
export const freeForCompanion = (u: Uploads, input: string): boolean =>
  (!(input in u.chosen) && !(input in u.refused)) || u.fromCompanion.includes(input);

/** `input` filled from its companion's head bundle. */
export function filledFromCompanion(u: Uploads, input: string, file: ChosenFile): Uploads {
  const fromCompanion = [...u.fromCompanion.filter((i) => i !== input), input];
  return { ...u, chosen: { ...u.chosen, [input]: file }, fromCompanion };
}

/** The files in the panel's order of `inputs`. */
export const chosenIn = (u: Uploads, inputs: readonly string[]): ChosenFile[] =>
  inputs.map((input) => u.chosen[input]).filter((c): c is ChosenFile => c !== undefined);

/** The refused files' names in the panel's order of `inputs`. */
export const refusedIn = (u: Uploads, inputs: readonly string[]): string[] =>
  inputs.map((input) => u.refused[input]).filter((name): name is string => name !== undefined);

/** The files attached to a run of `meta` (none when it takes no file), in its inputs' order. */
export const attachedFiles = (u: Uploads, meta: ExperimentMeta): ChosenFile[] =>
  chosenIn(
    u,
    uploadsOf(meta).map((spec) => spec.input),
  );

/** The names of the refused files of `meta`'s inputs: Run waits until each is replaced or removed. */
export const refusedFiles = (u: Uploads, meta: ExperimentMeta): string[] =>
  refusedIn(
    u,
    uploadsOf(meta).map((spec) => spec.input),
  );
