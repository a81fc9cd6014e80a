// SPDX-License-Identifier: Apache-2.0
// The glossary on the page: the first appearance of each term in what a reader reads (the summary, the
// headline, the figures' titles and captions, the explanation) becomes a <dfn> that shows the term's
// definition on hover and on focus; the Glossary section lists every term (GLOSSARY) and is the target
// of #glossary. Annotation is redone after each render, so "first" follows what is on screen.
import { GLOSSARY, glossaryAnchor } from '../../experiments/glossary';
import type { GlossaryTerm } from '../../experiments/glossary-term';
import { h } from '../dom';

/** Where terms are looked for, in reading order. */
const ZONES = ['#experiment-summary', '#headline', '#figures', '#explain'];
/** Text inside these is never annotated (controls, formulas, figures' SVG, existing terms). */
const SKIP =
  'svg, button, select, input, textarea, script, style, .katex, dfn.term, ' +
  'a, th, .stamp, .figure-tools, .figure-table, [role="tooltip"]';

const definitionId = (term: GlossaryTerm) => `${glossaryAnchor(term)}-definition`;

/** The Glossary section's body: every term with its definition, each term an anchor. */
export function glossaryList(idPrefix = ''): HTMLElement {
  return h(
    'dl',
    { class: 'glossary-list' },
    ...GLOSSARY.flatMap((term) => [
      h('dt', { id: `${idPrefix}${glossaryAnchor(term)}` }, term.term),
      h('dd', { id: idPrefix ? undefined : definitionId(term) }, term.definition),
    ]),
  );
}

function unwrapTerms(root: ParentNode): void {
  for (const dfn of root.querySelectorAll('dfn.term')) dfn.replaceWith(document.createTextNode(dfn.textContent ?? ''));
  for (const zone of ZONES) document.querySelector(zone)?.normalize();
}

function textNodes(root: Element): Text[] {
  const out: Text[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => (node.parentElement?.closest(SKIP) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  for (let n = walker.nextNode(); n; n = walker.nextNode()) out.push(n as Text);
  return out;
}

/** Wraps the first appearance of each of `terms` in the page's reading zones. */
function annotateTerms(family: string): void {
  unwrapTerms(document);
  const pending = GLOSSARY.filter((t) => !t.families || t.families.includes(family));
  for (const zone of ZONES) {
    const root = document.querySelector(zone);
    if (!root || (root as HTMLElement).hidden) continue;
    for (let node of textNodes(root)) {
      for (;;) {
        let best: { term: GlossaryTerm; index: number; length: number } | undefined;
        for (const term of pending) {
          const m = term.match.exec(node.data);
          if (m && (!best || m.index < best.index)) best = { term, index: m.index, length: m[0].length };
        }
        if (!best) break;
        const matched = node.splitText(best.index);
        const rest = matched.splitText(best.length);
        const dfn = h(
          'dfn',
          { class: 'term', tabindex: 0, 'data-term': best.term.id, 'aria-describedby': definitionId(best.term) },
          matched.data,
        );
        matched.replaceWith(dfn);
        pending.splice(pending.indexOf(best.term), 1);
        node = rest;
      }
      if (!pending.length) return;
    }
  }
}

/** One tooltip for every term: shown beside the term under the pointer or the keyboard focus. */
export function wireTermTips(): void {
  const tip = h('div', { id: 'term-tip', class: 'term-tip', role: 'tooltip', hidden: true });
  document.body.append(tip);
  const show = (target: EventTarget | null) => {
    const dfn = target instanceof Element ? target.closest<HTMLElement>('dfn.term') : null;
    const term = GLOSSARY.find((t) => t.id === dfn?.dataset.term);
    if (!dfn || !term) return;
    tip.replaceChildren(h('strong', {}, term.term), ': ', term.definition);
    tip.hidden = false;
    const box = dfn.getBoundingClientRect();
    const width = Math.min(320, window.innerWidth - 16);
    tip.style.width = `${width}px`;
    const left = Math.max(8, Math.min(box.left + window.scrollX, window.scrollX + window.innerWidth - width - 8));
    tip.style.left = `${left}px`;
    tip.style.top = `${box.bottom + window.scrollY + 6}px`;
  };
  const hide = () => {
    tip.hidden = true;
  };
  document.addEventListener('mouseover', (event) => {
    if ((event.target as Element)?.closest?.('dfn.term')) show(event.target);
  });
  document.addEventListener('mouseout', (event) => {
    if ((event.target as Element)?.closest?.('dfn.term')) hide();
  });
  document.addEventListener('focusin', (event) => {
    if ((event.target as Element)?.closest?.('dfn.term')) show(event.target);
    else hide();
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') hide();
  });
}

/**
 * Keeps the annotation current: whenever the reading zones change (a run drawn, the explanation loaded,
 * another experiment), terms are annotated again once per frame. `family` names the page's paper family.
 */
export function watchTerms(family: () => string): void {
  let pending = 0;
  const zones = ZONES.map((z) => document.querySelector(z)).filter((z): z is Element => z !== null);
  const observer = new MutationObserver(() => {
    cancelAnimationFrame(pending);
    pending = requestAnimationFrame(() => {
      observer.disconnect();
      annotateTerms(family());
      observer.takeRecords();
      for (const zone of zones) observer.observe(zone, { childList: true, subtree: true, characterData: true });
    });
  });
  for (const zone of zones) observer.observe(zone, { childList: true, subtree: true, characterData: true });
}
