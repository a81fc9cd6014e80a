// SPDX-License-Identifier: Apache-2.0
// "Cite this": the BibTeX of the paper behind the shown experiment and of attnlab, each with a
// Copy button (experiments/citations.ts builds the text; the README shows the same entries).
import { attnlabBibtex, familyNames, FAMILY_PAPER, paperBibtex } from '../../experiments/citations';
import type { ExperimentMeta } from '../../experiments/schema';
import { copyButton } from '../clipboard';
import { h } from '../dom';

function block(id: string, heading: (Node | string)[], bibtex: string): HTMLElement {
  const pre = h('pre', { class: 'bibtex', id: `bibtex-${id}`, tabindex: 0, 'aria-label': `BibTeX: ${id}` }, bibtex);
  return h(
    'div',
    { class: 'cite-entry' },
    h('p', {}, ...heading),
    pre,
    h('div', { class: 'buttons' }, ...copyButton(bibtex, { label: 'Copy BibTeX', id })),
  );
}

/** The page's base address (no hash): attnlab's entry cites where the reader found it. */
const pageUrl = () => `${location.origin}${location.pathname}`;

/** The panel's one line naming the experiment's paper, with its arXiv link. */
export function showPaperLine(line: HTMLElement, meta: ExperimentMeta): void {
  const paper = FAMILY_PAPER[meta.family];
  if (!paper) {
    line.replaceChildren();
    return;
  }
  const names = familyNames(paper);
  const who = names.length > 2 ? `${names[0]} et al.` : names.join(' and ');
  // Not href="#cite": the hash is the app's state, so the jump scrolls instead.
  const jump = h('button', { type: 'button', class: 'link-button', id: 'cite-jump' }, 'Cite this');
  jump.addEventListener('click', () => {
    document.getElementById('cite')?.scrollIntoView();
    document.getElementById('cite-title')?.focus();
  });
  line.replaceChildren(
    'Paper: ',
    h(
      'a',
      { href: `https://arxiv.org/abs/${paper.arxiv}`, target: '_blank', rel: 'noopener', title: paper.title },
      `${who} (${paper.year}), arXiv:${paper.arxiv}`,
    ),
    ' · ',
    jump,
  );
}

export function showCitations(container: HTMLElement, meta: ExperimentMeta): void {
  const paper = FAMILY_PAPER[meta.family];
  const parts: HTMLElement[] = [];
  if (paper) {
    const link = h(
      'a',
      { href: `https://arxiv.org/abs/${paper.arxiv}`, target: '_blank', rel: 'noopener' },
      `arXiv:${paper.arxiv}`,
    );
    parts.push(
      block(
        'paper',
        [
          h('strong', {}, 'The paper this experiment reproduces: '),
          `${paper.authors}, “${paper.title}”${paper.venue ? `, ${paper.venue}` : ''}, `,
          link,
          '.',
        ],
        paperBibtex(paper),
      ),
    );
  }
  parts.push(
    block('attnlab', [h('strong', {}, 'attnlab itself'), ' (the simulations and figures):'], attnlabBibtex(pageUrl())),
  );
  container.replaceChildren(...parts);
}
