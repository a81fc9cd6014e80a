// SPDX-License-Identifier: Apache-2.0
// A model's head chosen as layer × head (L3H5) beside the flat head index the core takes (layer · H + head): two
// selects that write the index, and follow it when it is typed. Shown only while a model's heads are the run's.
import type { Control } from './controls';
import { h } from '../dom';

interface HeadPicker {
  element: HTMLElement;
  /** The model's layers read and heads a layer (undefined: no model, the picker hides). */
  setShape(shape: { layers: number; heads: number } | undefined): void;
}

/** "L3H5" for flat index 41 of a model with 12 heads a layer. */
const headLabel = (index: number, heads: number): string => `L${Math.floor(index / heads)}H${index % heads}`;

export function headPicker(control: Control): HeadPicker {
  const layer = h('select', { id: 'model-head-layer' });
  const head = h('select', { id: 'model-head-head' });
  const said = h('output', { id: 'model-head-label', for: 'model-head-layer model-head-head' });
  const element = h(
    'div',
    { class: 'head-picker', hidden: true },
    h('label', { for: 'model-head-layer' }, 'Layer'),
    layer,
    h('label', { for: 'model-head-head' }, 'head'),
    head,
    said,
  );
  let shape: { layers: number; heads: number } | undefined;
  const follow = () => {
    if (!shape) return;
    const index = Number(control.read());
    const known = Number.isInteger(index) && index >= 0 && index < shape.layers * shape.heads;
    if (known) {
      layer.value = String(Math.floor(index / shape.heads));
      head.value = String(index % shape.heads);
    }
    said.textContent = known
      ? `= ${headLabel(index, shape.heads)}`
      : `index beyond the ${shape.layers * shape.heads} heads`;
  };
  // Written before the change reaches the form, which then takes the index as any edit (address, outdated note).
  const pick = () => {
    if (!shape) return;
    control.write(Number(layer.value) * shape.heads + Number(head.value));
    follow();
  };
  layer.addEventListener('change', pick);
  head.addEventListener('change', pick);
  control.input.addEventListener('input', follow);
  const options = (select: HTMLSelectElement, count: number, prefix: string) =>
    select.replaceChildren(
      ...Array.from({ length: count }, (_, i) => h('option', { value: String(i) }, `${prefix}${i}`)),
    );
  return {
    element,
    setShape(next) {
      shape = next;
      element.hidden = !next;
      if (!next) return;
      options(layer, next.layers, 'L');
      options(head, next.heads, 'H');
      follow();
    },
  };
}
