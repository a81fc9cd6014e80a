// SPDX-License-Identifier: Apache-2.0
// Where the heads of an experiment that takes heads come from: the synthetic zoo, the reader's model or the reader's
// files. A value beside the files (ui/uploads/uploads.ts holds it); the address records it as model=, file= or heads=.
// DOM-free: ui/uploads/heads-choice.ts draws the choice.
import type { ModelLink } from '../../state/model-link';
import type { AppState } from '../../state/url';

export type HeadsSource = 'zoo' | 'model' | 'files';

/** The choices in the panel's order, with the words under each. */
export const HEADS_SOURCES: readonly { source: HeadsSource; label: string; help: string }[] = [
  {
    source: 'zoo',
    label: 'Synthetic zoo',
    help: 'Heads the core makes from the seed, shaped like the paper’s families: stand-ins, not a real model’s.',
  },
  {
    source: 'model',
    label: 'Your model',
    help: 'A Hugging Face model folder on this machine, read here; it never leaves your machine.',
  },
  {
    source: 'files',
    label: 'Your files',
    help: 'A head’s queries and keys (or its attention or logits) as .npy or JSON files.',
  },
];

/** The source a link asks for: its model, its heads=, its files, else the zoo. */
export const sourceOfLink = (state: Pick<AppState, 'model' | 'file' | 'heads'>): HeadsSource =>
  state.model ? 'model' : (state.heads ?? (state.file ? 'files' : 'zoo'));

/**
 * The link's state once `source` is chosen (undefined: an experiment without heads, unchanged): the zoo keeps no
 * model= or file=; files keep file=; the model keeps `model`, the panel's model open (else the link's own).
 */
export function withSource(state: AppState, source: HeadsSource | undefined, model?: ModelLink): AppState {
  if (!source) return state;
  const { model: linked, file, heads: _heads, ...rest } = state;
  if (source === 'zoo') return rest;
  if (source === 'files') return { ...rest, heads: 'files', ...(file ? { file } : {}) };
  const kept = model ?? linked;
  return { ...rest, heads: 'model', ...(kept ? { model: kept } : {}) };
}

/** Why Run waits for the heads of `source` when none are given yet (`attached`: how many it has); else undefined. */
export function sourceWaits(source: HeadsSource | undefined, attached: number): string | undefined {
  if (attached > 0) return undefined;
  if (source === 'model')
    return 'Open a model folder under “Your model” (or choose the synthetic zoo): Run waits for its heads.';
  if (source === 'files') return 'Choose the heads’ files under “Your files” (or choose the synthetic zoo), then Run.';
  return undefined;
}
