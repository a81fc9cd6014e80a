// SPDX-License-Identifier: Apache-2.0
// KaTeX typesetting for the explanations (bundled from node_modules, no CDN). Only the lazily loaded
// explanation modules import this, so KaTeX and its CSS and fonts stay out of the page's first bundle:
// a preset's precomputed figure paints without them.
import katex from 'katex';
import 'katex/dist/katex.min.css';

/** A TeX source as HTML; a malformed formula shows in red instead of throwing. */
export const tex = (source: string, displayMode = false): string =>
  katex.renderToString(source, { displayMode, throwOnError: false });

/** An explanation section from HTML parts. */
export function panel(parts: string[]): HTMLElement {
  const section = document.createElement('section');
  section.className = 'explain';
  section.innerHTML = parts.join('');
  return section;
}
