// SPDX-License-Identifier: Apache-2.0
// The glossary's words for real heads: a model's heads read on the reader's machine ("Your model") and what is
// measured on them. Part of GLOSSARY (glossary.ts), shown on the rank family's pages.
import type { GlossaryTerm } from './glossary-term';

export const HEAD_TERMS: readonly GlossaryTerm[] = [
  {
    id: 'head-atlas',
    term: 'head atlas',
    match: /\bhead atlas\b/i,
    definition:
      'Every head of a model at once: a grid of layers (down) by heads (across), each cell coloured by one ' +
      'quantity measured on that head. A cell opens its head for a closer look.',
    families: ['rank'],
  },
  {
    id: 'weights-only',
    term: 'weights only (bilinear form)',
    match: /\bweights only\b|\bbilinear form\b/i,
    definition:
      'A head read from its query and key weights alone, as the matrix W_Q W_Kᵀ: the bilinear form that scores a ' +
      'query direction against a key direction. No text is read; its spectrum bounds what any text can use.',
    families: ['rank'],
  },
  {
    id: 'fingerprint',
    term: 'fingerprint',
    match: /\bfingerprint\b/i,
    definition:
      'A short code computed from a model folder’s config.json and tensor headers (never its weights). A link ' +
      'records it, so opening the link with another folder is noticed and said.',
    families: ['rank'],
  },
  {
    id: 'energy90',
    term: 'energy 90 %',
    match: /\benergy ?90\b|\b90 ?% (?:of the )?energy\b/i,
    definition:
      'How many singular values hold 90 % of the squared total of a matrix: of a head’s row-centred logits, or of ' +
      'its bilinear form. Lee (arXiv:2604.04384) reports 2–11 for the logits and 38–75 for W_Q W_Kᵀ.',
    families: ['rank'],
  },
  {
    id: 'antisymmetry',
    term: 'antisymmetry',
    match: /\bantisymmetr/i,
    definition:
      'The share of a bilinear form that flips sign when query and key swap: the size of its antisymmetric part ' +
      'over its whole size. A random matrix has about 0.71; a form that scores both ways alike has 0.',
    families: ['rank'],
  },
];
