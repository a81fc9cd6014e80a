// SPDX-License-Identifier: Apache-2.0
// BibTeX for attnlab and for the paper behind each experiment, built from references.ts (the one
// place the bibliographic facts live). DOM-free: the page's "Cite this" and the README show the same text.
import { APP_VERSION } from '../version';
import { ATTENTION_RANK, RMT_POOLING, SPARSE_APPROXIMATION, type Reference } from './references';

/** The paper each family reproduces; attention-map illustrates paper 3's objects (its explanation cites it). */
export const FAMILY_PAPER: Record<string, Reference> = {
  attention: ATTENTION_RANK,
  sparse: SPARSE_APPROXIMATION,
  rmt: RMT_POOLING,
  rank: ATTENTION_RANK,
};

/** "Mohamed El Amine Seddik" -> "Seddik, Mohamed El Amine" (the last word is the family name). */
function bibName(name: string): string {
  const words = name.trim().split(/\s+/);
  return words.length < 2 ? name : `${words.at(-1)}, ${words.slice(0, -1).join(' ')}`;
}

/** The authors' family names, in order ("Sui", "Zhang"). */
export function familyNames(ref: Reference): string[] {
  return ref.authors.split(',').map((name) => bibName(name).split(',')[0]);
}

/** A BibTeX key: first author's family name, year, first significant title word ("seddik2026how"). */
export function bibKey(ref: Reference): string {
  const family = familyNames(ref)[0]
    .toLowerCase()
    .replace(/[^a-z]/g, '');
  const word =
    ref.title
      .toLowerCase()
      .split(/[^a-z]+/)
      .find((w) => w.length > 3 && !['from', 'with', 'does', 'what'].includes(w)) ?? 'paper';
  return `${family}${ref.year}${word}`;
}

/** Braces keep BibTeX from lower-casing the title; the curly quotes of a note become TeX quotes. */
const tex = (text: string) => text.replace(/[“”]/g, (q) => (q === '“' ? '``' : "''")).replace(/–/g, '--');

function entry(type: string, key: string, fields: [string, string | number | undefined][]): string {
  const present = fields.filter((f): f is [string, string | number] => f[1] !== undefined);
  const width = Math.max(...present.map(([name]) => name.length));
  return `@${type}{${key},\n${present.map(([name, value]) => `  ${name.padEnd(width)} = {${value}}`).join(',\n')}\n}`;
}

export function paperBibtex(ref: Reference): string {
  const author = ref.authors.split(',').map(bibName).join(' and ');
  const arxiv: [string, string | number | undefined][] = [
    ['eprint', ref.arxiv],
    ['archivePrefix', 'arXiv'],
    ['primaryClass', ref.arxivClass],
  ];
  const note: [string, string | undefined] = [
    'note',
    ref.note ? tex(ref.note.replace(/^./, (c) => c.toUpperCase())) : undefined,
  ];
  if (ref.proceedings) {
    const p = ref.proceedings;
    return entry('inproceedings', bibKey(ref), [
      ['author', author],
      ['title', `{${ref.title}}`],
      ['booktitle', p.booktitle],
      ['volume', p.volume],
      ['number', p.number],
      ['pages', p.pages],
      ['year', ref.year],
      ['doi', p.doi],
      ...arxiv,
      note,
    ]);
  }
  return entry('misc', bibKey(ref), [
    ['author', author],
    ['title', `{${ref.title}}`],
    ['year', ref.year],
    ...arxiv,
    ['url', `https://arxiv.org/abs/${ref.arxiv}`],
    note,
  ]);
}

/** attnlab itself; `url` is where the reader found it (the page knows its own address; the README has none). */
export function attnlabBibtex(url?: string, year = 2026): string {
  return entry('software', `attnlab${year}`, [
    ['author', '{attnlab contributors}'],
    ['title', '{attnlab: the theory of transformer attention, run in the browser}'],
    ['version', APP_VERSION],
    ['year', year],
    ['url', url],
  ]);
}
