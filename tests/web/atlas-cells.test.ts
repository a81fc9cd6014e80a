// SPDX-License-Identifier: Apache-2.0
// @vitest-environment happy-dom
// The head atlas's cells by keyboard and pointer (rank-zoo/atlas-cells.ts): Enter or Space opens the head, and on a
// model's heads pointing, focus, P and Shift+click ask for its attention preview (P and Shift+click pinning it), each
// said in the cell's name; on files' heads there is no preview and P does nothing.
import { describe, expect, it } from 'vitest';
import {
  OPEN_HEAD_EVENT,
  PREVIEW_HEAD_EVENT,
  wireCell,
  type HeadEventDetail,
} from '../../web/src/experiments/rank/rank-zoo/atlas-cells';

/** A cell wired as the atlas wires L1H2 of a model with 4 heads a layer; the events it fires, in order. */
function cell(previews: boolean) {
  const rect = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  document.body.append(rect);
  wireCell(rect, { layer: 1, head: 2, index: 6 }, 'lower bound', '3', previews);
  const fired: string[] = [];
  for (const type of [OPEN_HEAD_EVENT, PREVIEW_HEAD_EVENT])
    document.addEventListener(type, (e) => {
      const { head, label, pin } = (e as CustomEvent<HeadEventDetail>).detail;
      if (e.target === rect)
        fired.push(`${type === OPEN_HEAD_EVENT ? 'open' : pin ? 'pin' : 'preview'} ${label} ${head}`);
    });
  const key = (k: string) => {
    const event = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true });
    rect.dispatchEvent(event);
    return event.defaultPrevented;
  };
  return { rect, fired, key };
}

describe('a head atlas cell', () => {
  it('on a model’s heads: focus and pointing preview, P and Shift+click pin, Enter and Space open', () => {
    const { rect, fired, key } = cell(true);
    expect(rect.getAttribute('tabindex')).toBe('0');
    expect(rect.getAttribute('role')).toBe('button');
    expect(rect.getAttribute('aria-label')).toBe(
      'Layer 1, head 2: lower bound 3. Open this head; P pins it to compare with another',
    );
    rect.dispatchEvent(new FocusEvent('focus'));
    rect.dispatchEvent(new PointerEvent('pointerenter'));
    expect(key('p')).toBe(true);
    rect.dispatchEvent(new MouseEvent('click', { bubbles: true, shiftKey: true }));
    expect(key('Enter')).toBe(true);
    expect(key(' ')).toBe(true);
    expect(key('x')).toBe(false); // other keys are the page's (Tab moves on)
    expect(fired).toEqual([
      'preview L1H2 6',
      'preview L1H2 6',
      'pin L1H2 6',
      'pin L1H2 6',
      'open L1H2 6',
      'open L1H2 6',
    ]);
    expect(rect.querySelector('title')?.textContent).toBe('L1H2: 3');
  });

  it('on files’ heads: no preview, P is left alone, a click opens the head', () => {
    const { rect, fired, key } = cell(false);
    expect(rect.getAttribute('aria-label')).toBe('Layer 1, head 2: lower bound 3. Open this head');
    rect.dispatchEvent(new FocusEvent('focus'));
    expect(key('p')).toBe(false);
    rect.dispatchEvent(new MouseEvent('click', { bubbles: true, shiftKey: true }));
    expect(fired).toEqual(['open L1H2 6']);
  });
});
