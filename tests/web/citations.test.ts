// SPDX-License-Identifier: Apache-2.0
// "Cite this": the BibTeX comes from references.ts only (no invented venue or DOI), every field of
// the reference is in it, and the README shows exactly the entries the page shows.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXPERIMENTS } from '../../web/src/experiments';
import { attnlabBibtex, bibKey, FAMILY_PAPER, paperBibtex } from '../../web/src/experiments/citations';
import { ATTENTION_RANK, RMT_POOLING, SPARSE_APPROXIMATION } from '../../web/src/experiments/references';
import { APP_VERSION } from '../../web/src/version';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const PAPERS = [SPARSE_APPROXIMATION, RMT_POOLING, ATTENTION_RANK];

describe('citations', () => {
  it('every experiment names a paper', () => {
    for (const m of EXPERIMENTS) expect(FAMILY_PAPER[m.family], m.id).toBeDefined();
    expect(FAMILY_PAPER.sparse).toBe(SPARSE_APPROXIMATION);
    expect(FAMILY_PAPER.rmt).toBe(RMT_POOLING);
    expect(FAMILY_PAPER.rank).toBe(ATTENTION_RANK);
  });

  it.each(PAPERS.map((p) => [p.arxiv, p] as const))(
    'arXiv %s: authors, title, year and identifiers from references.ts',
    (_, ref) => {
      const bib = paperBibtex(ref);
      expect(bib).toMatch(new RegExp(`^@(misc|inproceedings)\\{${bibKey(ref)},\\n`));
      for (const name of ref.authors.split(',')) expect(bib).toContain(name.trim().split(' ').at(-1));
      expect(bib).toContain(`{{${ref.title}}}`);
      expect(bib).toContain(`eprint        = {${ref.arxiv}}`);
      expect(bib).toContain(`year          = {${ref.year}}`);
      // A DOI or venue only where the reference has one.
      expect(bib.includes('doi')).toBe(Boolean(ref.proceedings));
      expect(bib.includes('booktitle')).toBe(Boolean(ref.proceedings));
      // Balanced braces: the entry parses.
      expect([...bib].filter((c) => c === '{').length).toBe([...bib].filter((c) => c === '}').length);
    },
  );

  it('cites attnlab with the app version and, in the page, its address', () => {
    expect(attnlabBibtex()).toContain(`version = {${APP_VERSION}}`);
    expect(attnlabBibtex('https://x.example/attnlab/')).toContain('url     = {https://x.example/attnlab/}');
    expect(attnlabBibtex()).not.toContain('url');
  });

  it('the README shows the same entries', () => {
    for (const ref of PAPERS) expect(readme).toContain(paperBibtex(ref));
    expect(readme).toContain(attnlabBibtex());
  });
});
