// SPDX-License-Identifier: Apache-2.0
// One glossary entry, the shape both the papers' terms and the model terms are written in.
export interface GlossaryTerm {
  /** Anchor id in the Glossary section ("glossary-<id>"). */
  id: string;
  term: string;
  /** How the term is found in running text (the first match is annotated). */
  match: RegExp;
  definition: string;
  /**
   * The experiment families whose pages annotate it (all when unset): "pooling" means one thing in paper 2, another in
   * paper 3.
   */
  families?: readonly string[];
}
