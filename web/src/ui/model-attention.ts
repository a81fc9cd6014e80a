// SPDX-License-Identifier: Apache-2.0
// The attention map of one of a model's heads on the reader's text, with the tokens on its axes: drawn beside
// rank-interaction's analysis of that head (the probabilities computed by the core's softmax, engine/model-worker.ts).
import { heatmap } from '../plots';
import type { Figure } from '../experiments/schema';
import { showable } from '../state/url';
import type { HeadAttention } from './model-panel';

export function attentionFigure(a: HeadAttention): Figure {
  const tokens = a.tokens.map(showable);
  return {
    id: 'attention',
    title: `Attention of ${a.label} on your text`,
    description: `Row i is how token i of the text spreads its attention over the tokens (each row sums to 1)${a.causal ? '; the model is causal, so a token attends only to itself and those before it' : ''}. ${showable(a.model)}.`,
    render: ({ width }) =>
      heatmap(
        { rows: a.n, cols: a.n, data: a.p },
        {
          width,
          labels: tokens,
          valueLabel: 'attention P_ij',
          xLabel: 'key token j',
          yLabel: 'query token i',
          color: { scheme: 'viridis', type: 'linear', domain: [0, 1] },
          ariaLabel: `Attention of ${a.label} over ${a.n} tokens`,
        },
      ),
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
