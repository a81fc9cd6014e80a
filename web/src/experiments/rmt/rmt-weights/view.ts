// SPDX-License-Identifier: Apache-2.0
// rmt-weights: result → headline (gains, measured-vs-formula deviation) and figures: the weights of
// every pooling per position (unit norm, so shapes compare), causal attention measured on simulated
// sequences against w_j(τ) (docs/theory/rmt.md#causal-weights), the table of α, κ, α/κ with the prefix closed
// forms (docs/theory/rmt.md#prefix-model), and R itself.
import { formatNumber, heatmap, lineChart, type Series } from '../../../plots';
import type { RmtWeightsResult } from '../../generated/rmt-weights';
import { poolColor, poolName } from '../family';
import type { Figure, Headline, RenderOptions } from '../../schema';

export function headline(r: RmtWeightsResult): Headline[] {
  const gain = (name: string) => r.poolings.find((p) => p.name === name)?.snrGain ?? NaN;
  return [
    { key: 'lambdaMax', label: 'λ_max(R) = best α/κ', value: formatNumber(r.lambdaMax, 5), raw: r.lambdaMax },
    ...['mean', 'causal', 'optimal'].map((name) => ({
      key: `gain-${name}`,
      label: `α/κ, ${name}`,
      value: formatNumber(gain(name), 5),
      raw: gain(name),
    })),
    {
      key: 'maxDeviation',
      label: 'max |measured − formula| (attention)',
      value: formatNumber(r.attention.maxDeviation, 3),
      raw: r.attention.maxDeviation,
      help: `over ${r.attention.sequences} simulated sequences at d = ${r.attention.d}`,
    },
  ];
}

const positions = (n: number) => Array.from({ length: n }, (_, t) => t + 1);

/** The core's pooling names as the family's pool keys: "causal" is the attention at the chosen τ. */
function poolKey(r: RmtWeightsResult, name: string): string {
  if (name !== 'causal') return name;
  const harmonic = r.poolings.find((p) => p.name === 'harmonic');
  const causal = r.poolings.find((p) => p.name === 'causal');
  return harmonic && causal && sameShape(harmonic.weights, causal.weights) ? 'causal' : 'causal:τ';
}

const unit = (w: number[]) => {
  const norm = Math.hypot(...w) || 1;
  return w.map((v) => v / norm);
};
/** Two weight vectors that draw the same line (after scaling to unit norm). */
function sameShape(a: number[], b: number[]): boolean {
  const ua = unit(a),
    ub = unit(b);
  return ua.length === ub.length && ua.every((v, i) => Math.abs(v - ub[i]) < 1e-9);
}

/**
 * One line per distinct shape: poolings whose weights coincide (causal attention at τ = 0 and the
 * harmonic weights) share a line and a legend row that names both, instead of one hiding the other.
 */
function weightSeries(r: RmtWeightsResult): Series[] {
  const groups: { names: string[]; weights: number[] }[] = [];
  for (const p of r.poolings) {
    const same = groups.find((g) => sameShape(g.weights, p.weights));
    if (same) same.names.push(p.name);
    else groups.push({ names: [p.name], weights: p.weights });
  }
  const label = (name: string) =>
    name === 'harmonic'
      ? 'harmonic'
      : name === 'causal' && poolKey(r, name) === 'causal'
        ? 'causal (τ = 0)'
        : name === 'causal'
          ? 'causal attention'
          : poolName(name);
  return groups.map((g) => ({
    label: g.names.map(label).join(' = '),
    mark: 'line+dot' as const,
    color: poolColor(poolKey(r, g.names[0])),
    points: unit(g.weights).map((y, t) => ({ x: t + 1, y })),
  }));
}

function weightsChart(r: RmtWeightsResult, { width, ghost }: RenderOptions): HTMLElement {
  return lineChart(weightSeries(r), {
    width,
    ghost,
    height: 300,
    x: { label: 'position t', integer: true },
    y: { label: 'weight w_t / ‖w‖' },
    ariaLabel: 'Pooling weights per position',
  });
}

function attentionChart(r: RmtWeightsResult, { width, ghost }: RenderOptions): HTMLElement {
  const a = r.attention;
  const color = poolColor(poolKey(r, 'causal'));
  return lineChart(
    [
      {
        label: 'formula w_j(τ) (theory)',
        style: 'theory',
        line: 'solid',
        color,
        points: r.attentionFormula.map((y, t) => ({ x: t + 1, y })),
      },
      {
        label: `causal attention measured (mean ± sd over ${a.sequences} sequences)`,
        mark: 'dot',
        color,
        points: a.measured.map((y, t) => ({ x: t + 1, y, lo: y - a.sd[t], hi: y + a.sd[t] })),
      },
    ],
    {
      width,
      ghost,
      height: 300,
      x: { label: 'position j', integer: true },
      y: { label: 'pooling weight w_j' },
      ariaLabel: 'Measured attention weights against the formula',
    },
  );
}

function gainTable(r: RmtWeightsResult): HTMLElement {
  const el = document.createElement('table');
  el.className = 'data-table';
  const row = (cells: string[], tag: 'td' | 'th' = 'td') => {
    const tr = el.insertRow();
    for (const text of cells) {
      const c = document.createElement(tag);
      c.textContent = text;
      tr.append(c);
    }
  };
  row(['pooling', 'α = wᵀRw', 'κ = ‖w‖²', 'α/κ', 'closed form α/κ (prefix)'], 'th');
  for (const p of r.poolings)
    row([
      p.name,
      formatNumber(p.alpha, 6),
      formatNumber(p.kappa, 6),
      formatNumber(p.snrGain, 6),
      p.closedForm ? formatNumber(p.closedForm.snrGain, 6) : '—',
    ]);
  return el;
}

export function figures(r: RmtWeightsResult): Figure[] {
  const T = r.T;
  return [
    {
      id: 'weights',
      title: 'Pooling weights per position',
      render: ({ width, ghost }) => weightsChart(r, { width, ghost }),
      description: 'Each pooling scaled to unit norm (the scale changes neither ρ nor the thresholds).',
      table: () => ({
        columns: ['t', ...r.poolings.map((p) => p.name)],
        rows: positions(T).map((t) => [t, ...r.poolings.map((p) => p.weights[t - 1])]),
      }),
    },
    {
      id: 'attention',
      title: 'Causal self-attention gives deterministic weights',
      render: ({ width, ghost }) => attentionChart(r, { width, ghost }),
      description:
        'Parameter-free causal attention (Q = K = V = I, scores τ/d·x_iᵀx_j) ' +
        'run on simulated sequences; its pooling weights against the formula.',
      table: () => ({
        columns: ['j', 'measured', 'sd', 'formula'],
        rows: positions(T).map((j) => [
          j,
          r.attention.measured[j - 1],
          r.attention.sd[j - 1],
          r.attentionFormula[j - 1],
        ]),
      }),
    },
    {
      id: 'gains',
      title: 'SNR gain α/κ of each pooling',
      render: () => gainTable(r),
      table: () => ({
        columns: ['pooling', 'alpha', 'kappa', 'gain', 'closed_form_gain'],
        rows: r.poolings.map((p) => [p.name, p.alpha, p.kappa, p.snrGain, p.closedForm?.snrGain ?? '']),
      }),
    },
    {
      id: 'correlation',
      title: 'Positional correlation R',
      render: ({ width }) =>
        heatmap(r.correlation, {
          width,
          firstIndex: 1,
          valueLabel: 'R_tt′',
          xLabel: 'position t′',
          yLabel: 'position t',
          color: { scheme: 'rdbu', domain: [-1, 1] },
          ariaLabel: 'Heatmap of R',
        }),
      table: () => ({
        columns: ['t', 't2', 'R'],
        rows: positions(T * T).map((k) => [Math.floor((k - 1) / T) + 1, ((k - 1) % T) + 1, r.correlation.data[k - 1]]),
      }),
    },
  ];
}
