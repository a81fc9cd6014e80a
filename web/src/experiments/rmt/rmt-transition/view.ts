// SPDX-License-Identifier: Apache-2.0
// rmt-transition: result → headline (thresholds, gains, progress) and two figures against ‖μ‖²: the
// overlap |u_Sᵀu|² (docs/theory/rmt.md#experiment-alignment) and λ₁/κ (item 3). Each pooling keeps its hue;
// theory is a solid line, simulation mean ± sd dots, the population overlap dashed; both thresholds of each pooling
// are triangles on the top edge (hollow: population, filled: sample).
import { MARKER, formatNumber, lineChart, type AxisMark, type Series } from '../../../plots';
import type { RmtTransitionResult } from '../../generated/rmt-transition';
import { familyLegend, poolColor, poolLabel, poolName, poolTag, thresholdLegend } from '../family';
import type { Figure, Headline, RenderOptions } from '../../schema';

type Pool = RmtTransitionResult['theory']['pools'][number];

export function headline(r: RmtTransitionResult): Headline[] {
  const t = r.theory;
  return [
    {
      key: 'rhoPopulation',
      label: 'Population threshold ρ = δ + √δ',
      value: formatNumber(t.rhoPopulation, 5),
      raw: t.rhoPopulation,
    },
    {
      key: 'rhoSample',
      label: 'Sample threshold ρ_c = δ + θ′_c',
      value: formatNumber(t.rhoSample, 5),
      raw: t.rhoSample,
    },
    ...t.pools.map((p) => ({
      key: `gain${p.index}`,
      label: `α/κ, ${poolLabel(p.pool)}`,
      value: formatNumber(p.snrGain, 4),
      raw: p.snrGain,
      help: `sample threshold at ‖μ‖² = ${formatNumber(p.mu2Sample, 4)}`,
    })),
    { key: 'jobsDone', label: 'Simulations done', value: `${r.jobsDone} of ${r.jobsTotal}`, raw: r.jobsDone },
  ];
}

/**
 * Both thresholds of each pooling on the ‖μ‖² axis. With several poolings the sample threshold's tag
 * names the pooling and the population one (hollow) has none: the legend explains the shapes.
 */
function thresholdMarks(pools: Pool[]): AxisMark[] {
  const several = pools.length > 1;
  return pools
    .flatMap((p): AxisMark[] => [
      {
        axis: 'x',
        value: p.mu2Population,
        label: `population threshold, ${poolName(p.pool)}: ‖μ‖² = ${formatNumber(p.mu2Population, 3)}`,
        tag: several ? '' : 'population',
        color: poolColor(p.pool),
        shape: 'hollow',
        priority: 0,
        legend: false,
      },
      {
        axis: 'x',
        value: p.mu2Sample,
        label: `sample threshold, ${poolName(p.pool)}: ‖μ‖² = ${formatNumber(p.mu2Sample, 3)}`,
        tag: several ? poolTag(p.pool) : 'sample',
        color: poolColor(p.pool),
        shape: 'filled',
        priority: 1,
        legend: false,
      },
    ])
    .filter((mark) => mark.value > 0);
}

function simulated(r: RmtTransitionResult, pool: number, key: 'overlap' | 'eigenvalue') {
  return r.points.flatMap((p) => {
    const mean = p[key].mean,
      sd = p[key].sd ?? 0;
    return p.pool === pool && mean !== null ? [{ x: p.mu2, y: mean, lo: mean - sd, hi: mean + sd }] : [];
  });
}

function chart(r: RmtTransitionResult, key: 'overlap' | 'eigenvalue', { width, ghost }: RenderOptions): HTMLElement {
  const series: Series[] = r.theory.pools.flatMap((p) => {
    const c = p.curve,
      color = poolColor(p.pool),
      name = poolName(p.pool);
    const out: Series[] = [
      {
        label: `${name}: theory`,
        style: 'theory',
        line: 'solid',
        color,
        legend: false,
        points: c.mu2.map((x, i) => ({ x, y: c[key][i] })),
      },
      { label: `${name}: simulation mean ± sd`, mark: 'dot', color, legend: false, points: simulated(r, p.index, key) },
    ];
    if (key === 'overlap')
      out.push({
        label: `${name}: population overlap 1 − δ/θ′² (theory)`,
        style: 'theory',
        line: 'population',
        color,
        legend: false,
        points: c.mu2.map((x, i) => ({ x, y: c.populationOverlap[i] })),
      });
    return out;
  });
  const marks = thresholdMarks(r.theory.pools);
  if (key === 'eigenvalue')
    marks.push({
      axis: 'y',
      value: r.theory.lambdaPlus,
      label: `bulk edge λ₊ = ${formatNumber(r.theory.lambdaPlus, 4)}`,
      tag: 'λ₊',
      color: MARKER,
    });
  const kinds =
    key === 'overlap' ? (['theory', 'simulation', 'population'] as const) : (['theory', 'simulation'] as const);
  const legend = familyLegend(
    r.theory.pools.map((p) => p.pool),
    [...kinds],
    marks.some((m) => m.legend === false) ? [thresholdLegend()] : [],
  );
  return lineChart(series, {
    width,
    ghost,
    height: 320,
    marks,
    legend,
    x: { label: 'signal strength ‖μ‖²' },
    y: key === 'overlap' ? { label: 'overlap |u_Sᵀu|²', domain: [0, 1] } : { label: 'top eigenvalue λ₁ / κ' },
    ariaLabel:
      key === 'overlap' ? 'Overlap against signal strength' : 'Top eigenvalue over kappa against signal strength',
  });
}

function table(r: RmtTransitionResult) {
  const columns = [
    'pool',
    'mu2',
    'overlap_mean',
    'overlap_sd',
    'eigenvalue_over_kappa_mean',
    'eigenvalue_over_kappa_sd',
    'seeds',
  ];
  const rows = r.points.map((p) => [
    r.theory.pools.find((q) => q.index === p.pool)?.pool ?? String(p.pool),
    p.mu2,
    p.overlap.mean ?? '',
    p.overlap.sd ?? '',
    p.eigenvalue.mean ?? '',
    p.eigenvalue.sd ?? '',
    p.overlap.n,
  ]);
  return { columns, rows };
}

export function figures(r: RmtTransitionResult): Figure[] {
  return [
    {
      id: 'overlap',
      title: 'Overlap of the top eigenvector with the signal',
      table: () => table(r),
      description:
        'One colour per pooling. Solid lines: theory; dots: simulation mean ± sd over ' +
        'seeds; dashed: the overlap with infinitely many sequences. Triangles on the top ' +
        'edge: the population (hollow) and sample (filled) thresholds of each pooling.',
      render: ({ width, ghost }) => chart(r, 'overlap', { width, ghost }),
    },
    {
      id: 'eigenvalue',
      title: 'Top eigenvalue λ₁/κ against ‖μ‖²',
      table: () => table(r),
      description:
        'Below the sample threshold λ₁/κ sticks to the bulk edge λ₊ (grey triangle on the ' +
        'right edge); above it the outlier leaves the bulk, as the theory line predicts.',
      render: ({ width, ghost }) => chart(r, 'eigenvalue', { width, ghost }),
    },
  ];
}
