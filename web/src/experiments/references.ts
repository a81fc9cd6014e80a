// SPDX-License-Identifier: Apache-2.0
// The papers the experiments reproduce, cited in each explanation panel as a reader would cite
// them: authors, title, venue or arXiv id, and a link.

export interface Reference {
  authors: string;
  title: string;
  /** Venue and year, e.g. "AAAI 2023"; the arXiv id is listed separately. */
  venue?: string;
  arxiv: string;
  /** The arXiv primary category (the first one the listing gives), where the spec records it. */
  arxivClass?: string;
  year: number;
  /** The published version, when there is one (for BibTeX: experiments/citations.ts). */
  proceedings?: { booktitle: string; volume: number; number: number; pages: string; doi: string };
  note?: string;
}

export const SPARSE_APPROXIMATION: Reference = {
  authors: 'Valerii Likhosherstov, Krzysztof Choromanski, Adrian Weller',
  title: 'On the Expressive Flexibility of Self-Attention Matrices',
  venue: 'AAAI 2023 (Proc. AAAI 37(7): 8773–8781)',
  arxiv: '2106.03764',
  year: 2023,
  proceedings: {
    booktitle: 'Proceedings of the AAAI Conference on Artificial Intelligence',
    volume: 37,
    number: 7,
    pages: '8773--8781',
    doi: '10.1609/aaai.v37i7.26055',
  },
  note: 'first circulated as “On the Expressive Power of Self-Attention Matrices”',
};

export const ATTENTION_RANK: Reference = {
  authors: 'Yuhe Sui, Jianing Zhang',
  title: 'The Approximation Rank of Softmax Attention: Sharp Geometric Laws and Robust Interaction Dimension',
  arxiv: '2608.28150',
  arxivClass: 'cs.LG',
  year: 2026,
};

export const RMT_POOLING: Reference = {
  authors: 'Mohamed El Amine Seddik',
  title: 'How Does Attention Help? Insights from Random Matrices on Signal Recovery from Sequence Models',
  venue: '2026',
  arxiv: '2605.06826',
  arxivClass: 'stat.ML',
  year: 2026,
};

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A "Source" paragraph for an explanation panel. */
export function referenceHtml(ref: Reference): string {
  const url = `https://arxiv.org/abs/${ref.arxiv}`;
  const venue = ref.venue ? `${escape(ref.venue)}; ` : '';
  const note = ref.note ? ` (${escape(ref.note)})` : '';
  return (
    `<p class="reference"><strong>Source:</strong> ${escape(ref.authors)}, “${escape(ref.title)}”, ${venue}` +
    `<a href="${url}" target="_blank" rel="noopener">arXiv:${ref.arxiv}</a>${note}.</p>`
  );
}
