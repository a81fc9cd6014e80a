// SPDX-License-Identifier: Apache-2.0
// One of a model's heads as two .npy files, its queries and keys, offered under "Reproduce elsewhere" after
// rank-interaction analysed it (a head chosen in the panel or opened from the head atlas). They are the arrays the
// run analysed, with one factor moved: the model's heads reach the core with each layer's attention scale folded into Q
// (logits Q Kᵀ, scale 1), while files chosen under "Your files" are read with the default scale 1/√d_h; Q is written
// divided by that default, so the two files chosen there give the run's logits again (for a model scaled by 1/√d_h,
// as BERT and GPT-2 are, Q is the model's own queries).
import type { ExperimentMeta, ParamValues } from '../../experiments/schema';
import { download } from '../../plots/export';
import { npyBytes } from '../../plots/npy';
import type { ModelLink } from '../../state/model-link';
import { showable } from '../../state/url';
import { byId, h } from '../dom';
import { headFileName } from './export-name';
import { modelName } from '../model/state';
import type { ChosenFile } from '../uploads/uploads';

/** One head's arrays, (n, d_h) each, row-major, as "Your files" reads them. */
interface HeadArrays {
  /** "L3H5" */
  label: string;
  shape: [number, number];
  q: Float64Array;
  k: Float64Array;
}

/** The Q·K scale "Your files" applies when its field is left at 0 (numerics/rank/head.cpp: 1 / √d_h). */
const defaultScale = (width: number): number => 1 / Math.sqrt(width);

/**
 * Head `index` (layer · H + head) of the model's heads attached to a run (stacks of shape (layers, H, n, d_h), the
 * scale in Q): its Q divided by the default scale and its K; undefined without a model's heads or without that head.
 */
export function headArrays(chosen: readonly ChosenFile[], index: number): HeadArrays | undefined {
  const q = chosen.find((c) => c.input === 'q' && c.model)?.array,
    k = chosen.find((c) => c.input === 'k' && c.model)?.array;
  if (!q || !k || q.shape.length !== 4 || k.shape.join() !== q.shape.join()) return undefined;
  const [layers, heads, n, width] = q.shape;
  if (!Number.isInteger(index) || index < 0 || index >= layers * heads) return undefined;
  const size = n * width,
    scale = defaultScale(width);
  return {
    label: `L${Math.floor(index / heads)}H${index % heads}`,
    shape: [n, width],
    q: q.values.slice(index * size, (index + 1) * size).map((x) => x / scale),
    k: k.values.slice(index * size, (index + 1) * size),
  };
}

function fileButton(model: ModelLink, head: HeadArrays, array: 'q' | 'k'): HTMLButtonElement {
  const name = headFileName(model, head.label, array);
  const button = h(
    'button',
    {
      type: 'button',
      class: 'secondary small',
      'data-head-file': array,
      'aria-label': `Download ${head.label}’s ${array === 'q' ? 'queries' : 'keys'} as ${name}`,
    },
    `${array.toUpperCase()} (.npy)`,
  );
  button.addEventListener('click', () =>
    download(new Blob([npyBytes(head.shape, head[array])], { type: 'application/octet-stream' }), name),
  );
  return button;
}

/** After rank-interaction ran on a model's head: its Q and K as .npy, under the reproduce lines. */
export function showHeadFiles(
  meta: ExperimentMeta,
  values: ParamValues,
  chosen: readonly ChosenFile[],
  model: ModelLink | undefined,
): void {
  if (meta.id !== 'rank-interaction' || !model) return;
  const head = headArrays(chosen, Number(values.head));
  if (!head) return;
  const [n, width] = head.shape;
  const rows = model.weights ? `${n} rows, one a dimension of the residual stream` : `${n} tokens`;
  byId('reproduce-lines').append(
    h(
      'div',
      { class: 'command head-files', id: 'head-files' },
      h('p', { class: 'group-label' }, `${head.label}’s queries and keys, as .npy files`),
      h('div', { class: 'buttons' }, fileButton(model, head, 'q'), fileButton(model, head, 'k')),
      h(
        'p',
        { class: 'help' },
        `The Q and K this run analysed for ${head.label} of ${showable(modelName(model))}: ${rows} × ${width} ` +
          `(d_h), float64, its logits Q Kᵀ/√${width}. Choose both under “Your files” with Q·K scale 0 and head ` +
          `index 0 (the other settings as here) for the same numbers, or read them with numpy.load.`,
      ),
    ),
  );
}
