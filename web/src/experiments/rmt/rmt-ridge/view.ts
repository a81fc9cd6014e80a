// SPDX-License-Identifier: Apache-2.0
// rmt-ridge: result → headline (accuracy at the largest ‖μ‖² per pooling) and the accuracy curves
// against ‖μ‖² (docs/theory/rmt.md#ridge). Simulation only: there is no theory line to draw.
import { formatNumber, lineChart, type Series } from '../../../plots';
import type { RmtRidgeResult } from '../../generated/rmt-ridge';
import { poolColor, poolLabel, poolName } from '../family';
import type { Figure, Headline, RenderOptions } from '../../schema';

export function headline(r: RmtRidgeResult): Headline[] {
  const top = Math.max(...r.points.map((p) => p.mu2));
  const out: Headline[] = r.pools.map((pool, i) => {
    const point = r.points.find((p) => p.pool === i && p.mu2 === top);
    const mean = point?.accuracy.mean ?? null;
    return {
      key: `accuracy${i}`,
      label: `Test accuracy at ‖μ‖² = ${formatNumber(top, 3)}, ${poolLabel(pool.pool)}`,
      value: mean === null ? '—' : formatNumber(mean, 4),
      raw: mean ?? undefined,
    };
  });
  out.push({ key: 'jobsDone', label: 'Fits done', value: `${r.jobsDone} of ${r.jobsTotal}`, raw: r.jobsDone });
  return out;
}

function chart(r: RmtRidgeResult, { width, ghost }: RenderOptions): HTMLElement {
  const series: Series[] = r.pools.map((pool, i) => ({
    label: `${poolName(pool.pool)} (α/κ = ${formatNumber(pool.snrGain, 3)}): mean ± sd`,
    mark: 'line+dot',
    color: poolColor(pool.pool),
    points: r.points.flatMap((p) => {
      const mean = p.accuracy.mean,
        sd = p.accuracy.sd ?? 0;
      return p.pool === i && mean !== null ? [{ x: p.mu2, y: mean, lo: mean - sd, hi: mean + sd }] : [];
    }),
  }));
  return lineChart(series, {
    width,
    ghost,
    height: 320,
    x: { label: 'signal strength ‖μ‖²' },
    y: { label: 'test accuracy', domain: [0.45, 1] },
    marks: [{ axis: 'y', value: 0.5, label: 'chance level (accuracy ½)', tag: 'chance' }],
    ariaLabel: 'Ridge test accuracy against signal strength',
  });
}

export function figures(r: RmtRidgeResult): Figure[] {
  return [
    {
      id: 'accuracy',
      title: 'Ridge classification of the sequence label (simulation only)',
      render: ({ width, ghost }) => chart(r, { width, ghost }),
      description:
        'Test accuracy of β = (CCᵀ/N_tr + λI)⁻¹Cy/N_tr on fresh sequences from the same table; ' +
        'weights rescaled to unit norm. No closed-form theory is drawn: none was derived.',
      table: () => ({
        columns: ['pool', 'mu2', 'accuracy_mean', 'accuracy_sd', 'train_accuracy_mean', 'seeds'],
        rows: r.points.map((p) => [
          r.pools[p.pool]?.pool ?? String(p.pool),
          p.mu2,
          p.accuracy.mean ?? '',
          p.accuracy.sd ?? '',
          p.trainAccuracy.mean ?? '',
          p.accuracy.n,
        ]),
      }),
    },
  ];
}
