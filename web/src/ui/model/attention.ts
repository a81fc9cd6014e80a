// SPDX-License-Identifier: Apache-2.0
// The attention map of one of a model's heads on the reader's text, with the tokens on its axes: drawn beside
// rank-interaction's analysis of that head (the probabilities computed by the core's softmax, engine/model-worker.ts).
import { formatNumber, heatmap, ownRangeScale, type ColorScale } from '../../plots';
import type { Figure } from '../../experiments/schema';
import { showable } from '../../state/url';
import { h } from '../dom';
import type { ReadHeads } from './read-heads';

/** One head's attention on the text, for the figure beside the analysis. */
export interface HeadAttention {
  p: Float64Array;
  n: number;
  tokens: string[];
  label: string;
  model: string;
  causal: boolean;
}

/**
 * Head `index` of the heads read (layer · H + head): its attention over the text's tokens, by the core (`attend`, the
 * model worker's softmax); undefined for weights only or an index out of range.
 */
export async function headAttention(
  read: ReadHeads,
  index: number,
  attend: (
    q: Float64Array,
    k: Float64Array,
    n: number,
    d: number,
    causal: boolean,
  ) => Promise<Float64Array | undefined>,
): Promise<HeadAttention | undefined> {
  if (read.link.weights) return undefined;
  const [, heads, n, d] = read.heads.stacks.q.shape;
  if (!Number.isInteger(index) || index < 0 || index >= read.heads.stacks.q.shape[0] * heads) return undefined;
  const at = index * n * d;
  const q = read.heads.stacks.q.values.slice(at, at + n * d),
    k = read.heads.stacks.k.values.slice(at, at + n * d);
  const p = await attend(q, k, n, d, read.info.causal);
  return (
    p && {
      p,
      n,
      tokens: read.heads.tokens,
      label: `L${Math.floor(index / heads)}H${index % heads}`,
      model: read.info.name,
      causal: read.info.causal,
    }
  );
}

/** The scale in words, for the legend's title: "this head’s range, 0.012 to 0.43". */
const scaleWords = (scale: ColorScale): string =>
  `this head’s range, ${formatNumber(scale.domain[0], 2)} to ${formatNumber(scale.domain[1], 2)}`;

/** The map with its "Colour scale" choice (linear or log, each over the head's own range), redrawn in place. */
function attentionChart(a: HeadAttention, tokens: string[], width: number, log: boolean): HTMLElement {
  const select = h(
    'select',
    { id: 'attention-scale' },
    h('option', { value: 'linear' }, 'linear'),
    h('option', { value: 'log' }, 'log'),
  );
  select.value = log ? 'log' : 'linear';
  const scale = ownRangeScale(a.p, log);
  const wrap = h(
    'div',
    { class: 'attention-map' },
    h('p', { class: 'atlas-chooser' }, h('label', { for: 'attention-scale' }, 'Colour scale '), select),
    heatmap(
      { rows: a.n, cols: a.n, data: a.p },
      {
        width,
        labels: tokens,
        valueLabel: `attention P_ij (${scaleWords(scale)})`,
        xLabel: 'key token j',
        yLabel: 'query token i',
        color: scale,
        ariaLabel: `Attention of ${a.label} over ${a.n} tokens, coloured on ${scaleWords(scale)}`,
      },
    ),
  );
  select.addEventListener('change', () => wrap.replaceWith(attentionChart(a, tokens, width, select.value === 'log')));
  return wrap;
}

export function attentionFigure(a: HeadAttention): Figure {
  const tokens = a.tokens.map(showable);
  return {
    id: 'attention',
    title: `Attention of ${a.label} on your text`,
    description:
      'Row i is how token i of the text spreads its attention over the tokens (each row sums to 1)' +
      (a.causal ? '; the model is causal, so a token attends only to itself and those before it' : '') +
      `. Colours span this head’s own range (log: small weights told apart). ${showable(a.model)}.`,
    render: ({ width }) => attentionChart(a, tokens, width, false),
    table: () => ({
      columns: ['query', 'key', 'query_token', 'key_token', 'attention'],
      rows: Array.from({ length: a.n * a.n }, (_, at) => [
        Math.floor(at / a.n),
        at % a.n,
        tokens[Math.floor(at / a.n)],
        tokens[at % a.n],
        a.p[at],
      ]),
    }),
  };
}
