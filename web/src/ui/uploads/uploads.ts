// SPDX-License-Identifier: Apache-2.0
// The files attached to a run, as one value the page holds (ui/app.ts) beside the link's state: files never
// travel in links, so they are not in AppState, but they are state, not the panel's closures. The panel's
// file fields replace the value through these pure transitions; a run reads it (ui/run/run-input.ts). A model's heads
// are kept apart from the files, and where the heads come from decides which a run attaches
// (ui/uploads/heads-source.ts).
import type { InputArray } from '../../engine/core';
import { takesHeads, uploadsOf, type ExperimentMeta } from '../../experiments/schema';
import type { ModelLink } from '../../state/model-link';
import type { HeadsSource } from './heads-source';

/** A chosen file, parsed by the core for one of the experiment's named inputs. */
/**
 * `model`: the array is a model's heads (ui/model/model-panel.ts), recorded in the link by name, fingerprint and text.
 */
export interface ChosenFile {
  name: string;
  input: string;
  array: InputArray;
  model?: ModelLink;
}

/** Between the names of several files in a link's file= (names never carry it: see state/url.ts). */
export const FILE_SEPARATOR = ',';

/** The names of the chosen files as the link's file= value (undefined when none). */
export function fileNames(chosen: { name: string }[]): string | undefined {
  return chosen.length ? chosen.map((c) => c.name).join(FILE_SEPARATOR) : undefined;
}

export interface Uploads {
  /** Each input's parsed file. */
  readonly chosen: Readonly<Record<string, ChosenFile>>;
  /** The name of each input's refused file (unreadable, malformed, over budget): Run waits until it goes. */
  readonly refused: Readonly<Record<string, string>>;
  /** Inputs filled from their companion's head bundle (replaced when that file changes, dropped with it). */
  readonly fromCompanion: readonly string[];
  /** A model's heads read under "Your model" (its q and k), used while the model is where the heads come from. */
  readonly modelHeads?: Readonly<Record<string, ChosenFile>>;
  /** Where the heads come from (an experiment that takes heads); undefined: the files, as for any experiment. */
  readonly source?: HeadsSource;
}

export const NO_UPLOADS: Uploads = { chosen: {}, refused: {}, fromCompanion: [] };

/** `input` emptied: no file, no refusal, not filled from its companion. */
export function cleared(u: Uploads, input: string): Uploads {
  const { [input]: _chosen, ...chosen } = u.chosen;
  const { [input]: _refused, ...refused } = u.refused;
  return { ...u, chosen, refused, fromCompanion: u.fromCompanion.filter((i) => i !== input) };
}

/** The reader chose where the heads come from: the files and the model's heads stay, for a choice back. */
export const sourceChosen = (u: Uploads, source: HeadsSource): Uploads => ({ ...u, source });

/** A model's heads read (undefined: none, a model closed or a read stopped). */
export function modelHeadsRead(u: Uploads, heads: Readonly<Record<string, ChosenFile>> | undefined): Uploads {
  const { modelHeads: _old, ...rest } = u;
  return heads ? { ...rest, modelHeads: heads } : rest;
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
export const chosenIn = (u: Pick<Uploads, 'chosen'>, inputs: readonly string[]): ChosenFile[] =>
  inputs.map((input) => u.chosen[input]).filter((c): c is ChosenFile => c !== undefined);

/** The refused files' names in the panel's order of `inputs`. */
export const refusedIn = (u: Uploads, inputs: readonly string[]): string[] =>
  inputs.map((input) => u.refused[input]).filter((name): name is string => name !== undefined);

/**
 * The files attached to a run of `meta` (none when it takes no file), in its inputs' order: none for the zoo, the
 * model's heads for the model, else the files chosen.
 */
export function attachedFiles(u: Uploads, meta: ExperimentMeta): ChosenFile[] {
  const inputs = uploadsOf(meta).map((spec) => spec.input);
  if (u.source === 'zoo') return [];
  return chosenIn(u.source === 'model' ? { chosen: u.modelHeads ?? {} } : u, inputs);
}

/** The names of the refused files of `meta`'s inputs (only while files are the source): Run waits for each. */
export const refusedFiles = (u: Uploads, meta: ExperimentMeta): string[] =>
  u.source === 'zoo' || u.source === 'model'
    ? []
    : refusedIn(
        u,
        uploadsOf(meta).map((spec) => spec.input),
      );

/**
 * The files a panel of `meta` starts with: none, except for heads whose link names exactly the files on hand (a head
 * atlas cell of rank-zoo on your files opening its head in rank-interaction): those stay, so it runs on them.
 */
export function carriedTo(u: Uploads, meta: ExperimentMeta, file: string | undefined): Uploads {
  if (!takesHeads(meta) || !file) return NO_UPLOADS;
  const kept = chosenIn(
    u,
    uploadsOf(meta).map((spec) => spec.input),
  );
  if (fileNames(kept) !== file) return NO_UPLOADS;
  return { ...NO_UPLOADS, chosen: Object.fromEntries(kept.map((c) => [c.input, c])) };
}
