// rmt-weights: result → headline (gains, measured-vs-formula deviation) and figures: the weights of
// every pooling per position (unit norm, so shapes compare), causal attention measured on simulated
// sequences against w_j(τ) (spec paper2 §3.2), the table of α, κ, α/κ with the prefix closed forms
// (§3.3), and R itself.
import type { Json } from '../../engine/core';
import { DATA_COLORS, THEORY, formatNumber, heatmap, lineChart } from '../../plots';
import type { RmtWeightsResult } from '../generated/schemas';
import type { Figure, Headline } from '../schema';

export function headline(raw: Json): Headline[] {
  const r = raw as RmtWeightsResult;
  const gain = (name: string) => r.poolings.find((p) => p.name === name)?.snrGain ?? NaN;
  return [
    { key: 'lambdaMax', label: 'λ_max(R) = best α/κ', value: formatNumber(r.lambdaMax, 5), raw: r.lambdaMax },
    ...['mean', 'causal', 'optimal'].map((name) => ({ key: `gain-${name}`, label: `α/κ, ${name}`, value: formatNumber(gain(name), 5), raw: gain(name) })),
    { key: 'maxDeviation', label: 'max |measured − formula| (attention)', value: formatNumber(r.attention.maxDeviation, 3), raw: r.attention.maxDeviation,
      help: `over ${r.attention.sequences} simulated sequences at d = ${r.attention.d}` },
  ];
}

const positions = (n: number) => Array.from({ length: n }, (_, t) => t + 1);

function weightsChart(r: RmtWeightsResult, width: number): HTMLElement {
  const series = r.poolings.map((p, i) => {
    const norm = Math.hypot(...p.weights) || 1;
    return { label: p.name, mark: 'line+dot' as const, color: DATA_COLORS[i % DATA_COLORS.length], points: p.weights.map((w, t) => ({ x: t + 1, y: w / norm })) };
  });
  return lineChart(series, { width, height: 300, x: { label: 'position t', integer: true }, y: { label: 'w_t / ‖w‖' }, ariaLabel: 'Pooling weights per position' });
}

function attentionChart(r: RmtWeightsResult, width: number): HTMLElement {
  const a = r.attention;
  return lineChart([
    { label: 'formula w_j(τ) (theory)', style: 'theory', color: THEORY, points: r.attentionFormula.map((y, t) => ({ x: t + 1, y })) },
    { label: `causal attention measured (mean ± sd over ${a.sequences} sequences)`, mark: 'dot', color: DATA_COLORS[0],
      points: a.measured.map((y, t) => ({ x: t + 1, y, lo: y - a.sd[t], hi: y + a.sd[t] })) },
  ], { width, height: 300, x: { label: 'position j', integer: true }, y: { label: 'pooling weight w_j' }, ariaLabel: 'Measured attention weights against the formula' });
}

function gainTable(r: RmtWeightsResult): HTMLElement {
  const el = document.createElement('table');
  el.className = 'data-table';
  const row = (cells: string[], tag: 'td' | 'th' = 'td') => {
    const tr = el.insertRow();
    for (const text of cells) { const c = document.createElement(tag); c.textContent = text; tr.append(c); }
  };
  row(['pooling', 'α = wᵀRw', 'κ = ‖w‖²', 'α/κ', 'closed form α/κ (prefix)'], 'th');
  for (const p of r.poolings) row([p.name, formatNumber(p.alpha, 6), formatNumber(p.kappa, 6), formatNumber(p.snrGain, 6), p.closedForm ? formatNumber(p.closedForm.snrGain, 6) : '—']);
  return el;
}

export function figures(raw: Json): Figure[] {
  const r = raw as RmtWeightsResult;
  const T = r.T;
  return [
    { id: 'weights', title: 'Pooling weights per position', render: ({ width }) => weightsChart(r, width),
      description: 'Each pooling scaled to unit norm (the scale changes neither ρ nor the thresholds).',
      table: () => ({ columns: ['t', ...r.poolings.map((p) => p.name)], rows: positions(T).map((t) => [t, ...r.poolings.map((p) => p.weights[t - 1])]) }) },
    { id: 'attention', title: 'Causal self-attention gives deterministic weights', render: ({ width }) => attentionChart(r, width),
      description: 'Parameter-free causal attention (Q = K = V = I, scores τ/d·x_iᵀx_j) run on simulated sequences; its pooling weights against the formula.',
      table: () => ({ columns: ['j', 'measured', 'sd', 'formula'], rows: positions(T).map((j) => [j, r.attention.measured[j - 1], r.attention.sd[j - 1], r.attentionFormula[j - 1]]) }) },
    { id: 'gains', title: 'SNR gain α/κ of each pooling', render: () => gainTable(r),
      table: () => ({ columns: ['pooling', 'alpha', 'kappa', 'gain', 'closed_form_gain'], rows: r.poolings.map((p) => [p.name, p.alpha, p.kappa, p.snrGain, p.closedForm?.snrGain ?? '']) }) },
    { id: 'correlation', title: 'Positional correlation R', render: ({ width }) => heatmap(r.correlation, {
      width: Math.min(width, 420), valueLabel: 'R_tt′', xLabel: 'position t′', yLabel: 'position t', color: { scheme: 'rdbu', domain: [-1, 1] }, ariaLabel: 'Heatmap of R' }),
      table: () => ({ columns: ['t', 't2', 'R'], rows: positions(T * T).map((k) => [Math.floor((k - 1) / T) + 1, ((k - 1) % T) + 1, r.correlation.data[k - 1]]) }) },
  ];
}
