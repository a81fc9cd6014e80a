// rmt-transition: result → headline (thresholds, gains, progress) and two figures against ‖μ‖²: the
// overlap |u_Sᵀu|² (spec paper2 §4 item 2) and λ₁/κ (item 3), theory lines with simulation mean ± sd,
// vertical rules at both thresholds of each pooling, the population overlap dashed.
import type { Json } from '../../engine/core';
import { DATA_COLORS, formatNumber, lineChart, type Rule, type Series } from '../../plots';
import type { RmtTransitionResult } from '../generated/schemas';
import { poolLabel } from '../rmt-family';
import type { Figure, Headline } from '../schema';

type Pool = RmtTransitionResult['theory']['pools'][number];
const color = (index: number) => DATA_COLORS[index % DATA_COLORS.length];

export function headline(raw: Json): Headline[] {
  const r = raw as RmtTransitionResult;
  const t = r.theory;
  return [
    { key: 'rhoPopulation', label: 'Population threshold ρ = δ + √δ', value: formatNumber(t.rhoPopulation, 5), raw: t.rhoPopulation },
    { key: 'rhoSample', label: 'Sample threshold ρ_c = δ + θ′_c', value: formatNumber(t.rhoSample, 5), raw: t.rhoSample },
    ...t.pools.map((p) => ({ key: `gain${p.index}`, label: `α/κ, ${poolLabel(p.pool)}`, value: formatNumber(p.snrGain, 4), raw: p.snrGain,
      help: `sample threshold at ‖μ‖² = ${formatNumber(p.mu2Sample, 4)}` })),
    { key: 'jobsDone', label: 'Simulations done', value: `${r.jobsDone} of ${r.jobsTotal}`, raw: r.jobsDone },
  ];
}

function thresholdRules(pools: Pool[]): Rule[] {
  const several = pools.length > 1;
  return pools.flatMap((p) => [
    { axis: 'x' as const, value: p.mu2Population, label: `population threshold${several ? `, ${p.pool}` : ''} (‖μ‖² = ${formatNumber(p.mu2Population, 3)})`, tag: several ? `pop ${p.pool}` : 'population', style: 'theory' as const },
    { axis: 'x' as const, value: p.mu2Sample, label: `sample threshold${several ? `, ${p.pool}` : ''} (‖μ‖² = ${formatNumber(p.mu2Sample, 3)})`, tag: several ? `sample ${p.pool}` : 'sample', style: 'theory' as const },
  ]).filter((rule) => rule.value > 0);
}

function simulated(r: RmtTransitionResult, pool: number, key: 'overlap' | 'eigenvalue') {
  return r.points.filter((p) => p.pool === pool && p[key].mean !== null).map((p) => {
    const mean = p[key].mean as number, sd = p[key].sd ?? 0;
    return { x: p.mu2, y: mean, lo: mean - sd, hi: mean + sd };
  });
}

function chart(r: RmtTransitionResult, key: 'overlap' | 'eigenvalue', width: number): HTMLElement {
  const series: Series[] = r.theory.pools.flatMap((p) => {
    const c = p.curve;
    const out: Series[] = [
      { label: `${p.pool}: theory`, style: 'theory', color: color(p.index), points: c.mu2.map((x, i) => ({ x, y: c[key][i] })) },
      { label: `${p.pool}: simulation mean ± sd`, mark: 'dot', color: color(p.index), points: simulated(r, p.index, key) },
    ];
    if (key === 'overlap') out.push({ label: `${p.pool}: population overlap 1 − δ/θ′² (theory)`, style: 'theory', mark: 'line', color: color(p.index),
      points: c.mu2.map((x, i) => ({ x, y: c.populationOverlap[i] })) });
    return out;
  });
  const rules = thresholdRules(r.theory.pools);
  if (key === 'eigenvalue') rules.push({ axis: 'y', value: r.theory.lambdaPlus, label: `bulk edge λ₊ = ${formatNumber(r.theory.lambdaPlus, 4)}`, tag: 'λ₊', style: 'marker' });
  return lineChart(series, {
    width, height: 320, rules, x: { label: 'signal strength ‖μ‖²' },
    y: key === 'overlap' ? { label: '|u_Sᵀu|²', domain: [0, 1] } : { label: 'λ₁ / κ' },
    ariaLabel: key === 'overlap' ? 'Overlap against signal strength' : 'Top eigenvalue over kappa against signal strength',
  });
}

function table(r: RmtTransitionResult) {
  const columns = ['pool', 'mu2', 'overlap_mean', 'overlap_sd', 'eigenvalue_over_kappa_mean', 'eigenvalue_over_kappa_sd', 'seeds'];
  const rows = r.points.map((p) => [r.theory.pools.find((q) => q.index === p.pool)?.pool ?? String(p.pool), p.mu2,
    p.overlap.mean ?? '', p.overlap.sd ?? '', p.eigenvalue.mean ?? '', p.eigenvalue.sd ?? '', p.overlap.n]);
  return { columns, rows };
}

export function figures(raw: Json): Figure[] {
  const r = raw as RmtTransitionResult;
  return [
    { id: 'overlap', title: 'Overlap of the top eigenvector with the signal', table: () => table(r),
      description: 'Lines: theory; dots: simulation mean ± sd over seeds; dashed rules: the population and sample thresholds of each pooling in ‖μ‖² units.',
      render: ({ width }) => chart(r, 'overlap', width) },
    { id: 'eigenvalue', title: 'Top eigenvalue λ₁/κ against ‖μ‖²', table: () => table(r),
      description: 'Below the sample threshold λ₁/κ sticks to the bulk edge λ₊; above it the outlier follows Z(1/θ′).',
      render: ({ width }) => chart(r, 'eigenvalue', width) },
  ];
}
