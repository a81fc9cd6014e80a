// SPDX-License-Identifier: Apache-2.0
// A rendered figure (happy-dom) as what a reader sees, without coordinates: legend rows with their
// swatch and colour, and per mark group its shapes, colours and words. Snapshots of this notice a
// figure changing; they do not break on a pixel moving.

export const legendRows = (el: Element) => [...el.querySelectorAll('svg.legend g[role="listitem"]')];
export const rowLabel = (g: Element) => [...g.querySelectorAll('text')].map((t) => t.textContent).join(' ');
export const rowColor = (g: Element) => {
  const swatch = g.querySelector('line, circle, rect, path');
  return swatch?.getAttribute('stroke') ?? swatch?.getAttribute('fill') ?? '';
};

/** A figure as marks and words, without coordinates: what a snapshot should notice changing. */
export function summary(el: HTMLElement): unknown {
  const svgs = [...el.querySelectorAll('svg')];
  return svgs.map((svg) => {
    if (svg.classList.contains('legend')) {
      return {
        legend: legendRows(svg).map(
          (g) => `${g.getAttribute('class') ?? ''}|${g.firstElementChild?.tagName}|${rowColor(g)}|${rowLabel(g)}`,
        ),
      };
    }
    const groups = [...svg.children]
      .filter((c) => c.tagName.toLowerCase() === 'g')
      .map((g) => {
        const shapes: Record<string, number> = {};
        for (const c of g.querySelectorAll('path, circle, line, rect, text'))
          shapes[c.tagName.toLowerCase()] = (shapes[c.tagName.toLowerCase()] ?? 0) + 1;
        const paint = ['class', 'fill', 'stroke', 'stroke-dasharray']
          .map((a) => g.getAttribute(a))
          .filter(Boolean)
          .join(' ');
        const colors = [
          ...new Set(
            [...g.querySelectorAll('[fill], [stroke]')]
              .flatMap((c) => [c.getAttribute('fill'), c.getAttribute('stroke')])
              .filter((c) => c && c !== 'none'),
          ),
        ];
        const texts = [...g.querySelectorAll('text')].map((t) => t.textContent);
        return { paint, shapes, ...(colors.length ? { colors } : {}), ...(texts.length ? { texts } : {}) };
      });
    return { plot: svg.getAttribute('aria-label'), groups };
  });
}
