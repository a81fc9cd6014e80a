// rmt-phase: result → headline (the current point's region) and two figures: both thresholds in ρ
// against the chosen axis with the current point (spec paper2 §4 item 5), and the sample overlap
// |u_Sᵀu|² as a map over (axis, ρ). Theory only: the whole result redraws as a control moves.
import type { Json } from '../../engine/core';
import { DATA_COLORS, THEORY, formatNumber, heatmap, lineChart } from '../../plots';
import type { RmtPhaseResult } from '../generated/schemas';
import type { Figure, Headline } from '../schema';

const REGION: Record<string, string> = {
  none: 'no spike: ρ below both thresholds',
  population: 'two-transition window: a population spike, no sample spike',
  sample: 'both spikes: the top eigenvector sees the signal',
};
const symbol = (r: RmtPhaseResult) => (r.axis === 'gamma' ? 'γ' : 'δ');

export function headline(raw: Json): Headline[] {
  const r = raw as RmtPhaseResult;
  const c = r.current;
  return [
    { key: 'rho', label: 'Current ρ', value: formatNumber(c.rho, 5), raw: c.rho, help: `α/κ = ${formatNumber(c.snrGain, 4)}` },
    { key: 'rhoPopulation', label: 'Population threshold', value: formatNumber(c.rhoPopulation, 5), raw: c.rhoPopulation },
    { key: 'rhoSample', label: 'Sample threshold', value: formatNumber(c.rhoSample, 5), raw: c.rhoSample },
    { key: 'region', label: 'Region', value: REGION[c.region] ?? c.region },
  ];
}

function phaseChart(r: RmtPhaseResult, width: number): HTMLElement {
  const curve = (ys: number[]) => r.x.map((x, i) => ({ x, y: ys[i] }));
  return lineChart([
    { label: 'population threshold δ + √δ (theory)', style: 'theory', color: DATA_COLORS[1], points: curve(r.rhoPopulation) },
    { label: 'sample threshold δ + θ′_c (theory)', style: 'theory', color: THEORY, points: curve(r.rhoSample) },
    { label: `current point (${REGION[r.current.region] ?? r.current.region})`, mark: 'dot', color: DATA_COLORS[0], points: [{ x: r.current.x, y: r.current.rho }] },
  ], { width, height: 320, x: { label: symbol(r), domain: [0, r.overlapMap.xMax] }, y: { label: 'effective SNR ρ', domain: [0, r.rhoMax] },
    ariaLabel: 'Phase diagram of the two transitions' });
}

/** The map with ρ increasing upwards (the core's row 0 is the smallest ρ). */
function flipped(r: RmtPhaseResult) {
  const { rows, cols, data } = r.overlapMap;
  const out: number[] = [];
  for (let i = rows - 1; i >= 0; i--) out.push(...data.slice(i * cols, (i + 1) * cols));
  return { rows, cols, data: out };
}

export function figures(raw: Json): Figure[] {
  const r = raw as RmtPhaseResult;
  return [
    { id: 'phase', title: `Thresholds in ρ against ${symbol(r)}`, render: ({ width }) => phaseChart(r, width),
      description: 'Below the lower curve: no spike. Between the curves: the population covariance has a spike but the sample top eigenvector does not see it. Above the upper curve: recovery.',
      table: () => ({ columns: [r.axis, 'rho_population', 'rho_sample'], rows: r.x.map((x, i) => [x, r.rhoPopulation[i], r.rhoSample[i]]) }) },
    { id: 'overlap-map', title: `Sample overlap |u_Sᵀu|² over (${symbol(r)}, ρ)`, render: ({ width }) => heatmap(flipped(r), {
      width: Math.min(width, 640), valueLabel: '|u_Sᵀu|²',
      xLabel: `${symbol(r)}: ${r.overlapMap.cols} cells over (0, ${formatNumber(r.overlapMap.xMax, 3)}]`,
      yLabel: `ρ: ${r.overlapMap.rows} cells, ${formatNumber(r.overlapMap.rhoMax, 3)} at the top`,
      color: { scheme: 'viridis', domain: [0, 1] }, ariaLabel: 'Map of the sample overlap' }),
      table: () => {
        const { rows, cols, data, xMax, rhoMax } = r.overlapMap;
        const out: number[][] = [];
        for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) out.push([(xMax * (j + 0.5)) / cols, (rhoMax * (i + 0.5)) / rows, data[i * cols + j]]);
        return { columns: [r.axis, 'rho', 'overlap'], rows: out };
      } },
  ];
}
