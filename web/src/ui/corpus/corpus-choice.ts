// SPDX-License-Identifier: Apache-2.0
// The corpus a study holds, as the address records it beside the model (state/corpus-link.ts): set by the study's panel
// (corpus-panel.ts) when a corpus is given or run, added to the model's link by ui/model/model-panel.ts, and a link's
// corpus handed to the study's panel, which asks for it. DOM-free but for whether the study's field is on the page.
import type { CorpusLink } from '../../state/corpus-link';
import type { ModelLink } from '../../state/model-link';

let held: CorpusLink | undefined;
let listener: ((expected: CorpusLink | undefined) => void) | undefined;

/** The corpus given (its name, fingerprint and the study's fields); undefined: none. */
export const holdCorpus = (corpus: CorpusLink | undefined): void => {
  held = corpus;
};

export const heldCorpus = (): CorpusLink | undefined => held;

/** The model's link with the corpus held, while the study's field is on the page (rank-zoo on your model). */
export const withCorpus = (link: ModelLink | undefined): ModelLink | undefined =>
  link && held && document.getElementById('corpus-field') ? { ...link, corpus: held } : link;

/** A link's corpus (undefined: none) for the study's panel: it fills the fields and asks for the corpus. */
export function expectCorpus(corpus: CorpusLink | undefined): void {
  if (corpus) held = corpus;
  listener?.(corpus);
}

/** The study's panel listens for a link's corpus (one panel at a time: a new one replaces the old). */
export const onCorpusExpected = (listen: (expected: CorpusLink | undefined) => void): void => {
  listener = listen;
};
