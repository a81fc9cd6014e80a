// SPDX-License-Identifier: Apache-2.0
// rmt-phase: result → headline (the current point's region) and two figures: both thresholds in ρ
// against the chosen axis with the current point (docs/theory/rmt.md#phase-diagram), and the sample overlap
// |u_Sᵀu|² as a map over (axis, ρ), on the same axes and in the same orientation (ρ upwards).
// Theory only: the whole result redraws as a control moves.
import { INK, formatNumber, heatmap, lineChart } from '../../../plots';
import type { RmtPhaseResult } from '../../generated/rmt-phase';
import { poolColor, poolName } from '../family';
import type { Figure, Headline, ParamValues, RenderOptions } from '../../schema';

const REGION: Record<string, string> = {
  none: 'no spike: ρ below both thresholds',
  population: 'two-transition window: a population spike, no sample spike',
  sample: 'both spikes: the top eigenvector sees the signal',
};
const symbol = (r: RmtPhaseResult) => (r.axis === 'gamma' ? 'γ' : 'δ');

export function headline(r: RmtPhaseResult): Headline[] {
  const c = r.current;
  return [
    {
      key: 'rho',
      label: 'Current ρ',
      value: formatNumber(c.rho, 5),
      raw: c.rho,
      help: `α/κ = ${formatNumber(c.snrGain, 4)}`,
    },
    {
      key: 'rhoPopulation',
      label: 'Population threshold',
      value: formatNumber(c.rhoPopulation, 5),
      raw: c.rhoPopulation,
    },
    { key: 'rhoSample', label: 'Sample threshold', value: formatNumber(c.rhoSample, 5), raw: c.rhoSample },
    { key: 'region', label: 'Region', value: REGION[c.region] ?? c.region },
  ];
}

/** Both figures' height, so the map beside the diagram has the same axes at the same size. */
const HEIGHT = 320;

function phaseChart(r: RmtPhaseResult, { width, ghost }: RenderOptions, pool: string): HTMLElement {
  const curve = (ys: number[]) => r.x.map((x, i) => ({ x, y: ys[i] }));
  return lineChart(
    [
      {
        label: 'population threshold δ + √δ',
        endLabel: 'population',
        style: 'theory',
        line: 'population',
        color: INK,
        points: curve(r.rhoPopulation),
      },
      {
        label: 'sample threshold δ + θ′_c',
        endLabel: 'sample',
        style: 'theory',
        line: 'solid',
        color: INK,
        points: curve(r.rhoSample),
      },
      {
        label: `current parameters, ${poolName(pool)} pooling (${REGION[r.current.region] ?? r.current.region})`,
        mark: 'dot',
        color: poolColor(pool),
        points: [{ x: r.current.x, y: r.current.rho }],
      },
    ],
    {
      width,
      ghost,
      height: HEIGHT,
      x: { label: symbol(r), domain: [0, r.overlapMap.xMax] },
      y: { label: 'effective SNR ρ', domain: [0, r.rhoMax] },
      ariaLabel: 'Phase diagram of the two transitions',
    },
  );
}

/** The map with ρ increasing upwards (the core's row 0 is the smallest ρ). */
function flipped(r: RmtPhaseResult) {
  const { rows, cols, data } = r.overlapMap;
  const out: number[] = [];
  for (let i = rows - 1; i >= 0; i--) out.push(...data.slice(i * cols, (i + 1) * cols));
  return { rows, cols, data: out };
}

export function figures(r: RmtPhaseResult, values?: ParamValues): Figure[] {
  const pool = typeof values?.pool === 'string' ? values.pool : 'optimal';
  return [
    {
      id: 'phase',
      title: `Thresholds in ρ against ${symbol(r)}`,
      render: ({ width, ghost }) => phaseChart(r, { width, ghost }, pool),
      description:
        'Below the lower curve: no spike. Between the curves: the population covariance has a ' +
        'spike but the sample top eigenvector does not see it. Above the upper curve: recovery.',
      table: () => ({
        columns: [r.axis, 'rho_population', 'rho_sample'],
        rows: r.x.map((x, i) => [x, r.rhoPopulation[i], r.rhoSample[i]]),
      }),
    },
    {
      id: 'overlap-map',
      title: `Sample overlap |u_Sᵀu|² over (${symbol(r)}, ρ)`,
      render: ({ width }) =>
        heatmap(flipped(r), {
          width,
          height: HEIGHT - 48,
          valueLabel: 'overlap |u_Sᵀu|²',
          xLabel: symbol(r),
          yLabel: 'effective SNR ρ',
          xDomain: [0, r.overlapMap.xMax],
          yDomain: [0, r.overlapMap.rhoMax],
          color: { scheme: 'viridis', domain: [0, 1] },
          ariaLabel: `Map of the sample overlap over ${symbol(r)} and ρ`,
        }),
      table: () => {
        const { rows, cols, data, xMax, rhoMax } = r.overlapMap;
        const out: number[][] = [];
        for (let i = 0; i < rows; i++)
          for (let j = 0; j < cols; j++)
            out.push([(xMax * (j + 0.5)) / cols, (rhoMax * (i + 0.5)) / rows, data[i * cols + j]]);
        return { columns: [r.axis, 'rho', 'overlap'], rows: out };
      },
    },
  ];
}
