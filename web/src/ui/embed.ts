// Embed mode is a flag on the same app: embed=1 hides the header and picker; hide=params,… hides
// the listed parts (each marked data-ui="<part>" in the page; see HIDEABLE in state/url.ts).
import type { AppState } from '../state/url';

export function applyEmbed(state: AppState, fullAppHref: string): void {
  document.body.classList.toggle('embed', state.embed);
  const hidden = new Set<string>(state.hide);
  if (state.embed) { hidden.add('header'); hidden.add('picker'); }
  // CSS does the hiding (styles.css, [data-hide~=…]) so parts drawn later, like export buttons, hide too.
  document.body.dataset.hide = [...hidden].join(' ');
  const open = document.getElementById('open-full');
  if (open instanceof HTMLAnchorElement) {
    open.hidden = !state.embed;
    open.href = fullAppHref;
  }
}

/** An <iframe> snippet for the current link in embed mode. */
export function embedSnippet(href: string, title: string): string {
  const url = href.includes('embed=1') ? href : `${href}${href.includes('#') ? '&' : '#'}embed=1`;
  return `<iframe src="${url.replace(/"/g, '&quot;')}" title="attnlab: ${title.replace(/"/g, '&quot;')}" width="100%" height="720" loading="lazy" style="border:0"></iframe>`;
}
