// SPDX-License-Identifier: Apache-2.0
// What a head atlas cell does (rank-zoo/atlas.ts): a click, Enter or Space opens its head in rank-interaction
// (OPEN_HEAD_EVENT); with previews (a model's heads), pointing at it or focusing it asks for its attention pattern, and
// P or Shift+click pins it to compare with another (PREVIEW_HEAD_EVENT). The page listens (ui/model/open-head.ts,
// ui/model/atlas-preview.ts), so the figure stays a pure function of the result.

/** Fired (bubbling) by a click or Enter on a cell: detail.head is the head's number in the stack (layer · H + head). */
export const OPEN_HEAD_EVENT = 'attnlab:open-head';
/** Fired (bubbling) by pointing at or focusing a cell (pin false), and by P or Shift+click on it (pin true). */
export const PREVIEW_HEAD_EVENT = 'attnlab:preview-head';

export interface HeadEventDetail {
  /** The head's number in the stack (layer · H + head). */
  head: number;
  /** "L3H5" */
  label: string;
  pin: boolean;
}

interface CellHead {
  layer: number;
  head: number;
  index: number;
}

/** What the previews add to a cell's name for a screen reader. */
const PIN_WORDS = '; P pins it to compare with another';

/** `value`: the cell's quantity as shown ("visible interaction dimension r_vis(τ) 3"). */
export function wireCell(rect: SVGElement, c: CellHead, quantity: string, value: string, previews: boolean): void {
  const label = `L${c.layer}H${c.head}`;
  const fire = (type: string, pin = false) =>
    rect.dispatchEvent(
      new CustomEvent<HeadEventDetail>(type, { bubbles: true, detail: { head: c.index, label, pin } }),
    );
  rect.setAttribute('tabindex', '0');
  rect.setAttribute('role', 'button');
  rect.setAttribute(
    'aria-label',
    `Layer ${c.layer}, head ${c.head}: ${quantity} ${value}. Open this head${previews ? PIN_WORDS : ''}`,
  );
  rect.style.cursor = 'pointer';
  titled(rect, `${label}: ${value}`);
  rect.addEventListener('click', (e) =>
    previews && (e as MouseEvent).shiftKey ? fire(PREVIEW_HEAD_EVENT, true) : fire(OPEN_HEAD_EVENT),
  );
  rect.addEventListener('keydown', (e) => {
    const key = (e as KeyboardEvent).key;
    if (key === 'Enter' || key === ' ') fire(OPEN_HEAD_EVENT);
    else if (previews && (key === 'p' || key === 'P')) fire(PREVIEW_HEAD_EVENT, true);
    else return;
    e.preventDefault();
  });
  if (previews) {
    rect.addEventListener('pointerenter', () => fire(PREVIEW_HEAD_EVENT));
    rect.addEventListener('focus', () => fire(PREVIEW_HEAD_EVENT));
  }
}

/** The tooltip a pointer shows over a cell. */
function titled(rect: SVGElement, text: string): void {
  const title = document.createElementNS('http://www.w3.org/2000/svg', 'title');
  title.textContent = text;
  rect.append(title);
}

/** A cell that opens nothing (a head of no run on this page): its head and value said, to a pointer and a reader. */
export function nameCell(rect: SVGElement, c: CellHead, quantity: string, value: string): void {
  rect.setAttribute('role', 'img');
  rect.setAttribute('aria-label', `Layer ${c.layer}, head ${c.head}: ${quantity} ${value}`);
  titled(rect, `L${c.layer}H${c.head}: ${value}`);
}

/** Under the atlas of a model's heads: where the page draws the pointed head's attention, with how to use it. */
export function previewBox(): HTMLElement {
  const box = document.createElement('div');
  box.className = 'atlas-preview';
  box.dataset.noExport = ''; // the page's, beside the figure: not in its SVG or PNG
  const help = document.createElement('p');
  help.className = 'help';
  help.textContent =
    'Point at a head or focus it (Tab) to see its attention on the text here; press P or Shift+click to pin it ' +
    'and see another head beside it.';
  const body = document.createElement('div');
  body.className = 'atlas-preview-body';
  box.append(help, body);
  return box;
}
