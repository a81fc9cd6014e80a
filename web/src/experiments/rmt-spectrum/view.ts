// rmt-spectrum: result → headline (theory against simulation) and two figures: the eigenvalue
// histogram (density-normalised) with the theory density, the edges and the predicted outlier
// (spec paper2 §4 item 1), and the bulk law against the two Marchenko–Pastur laws it is not.
import type { Json } from '../../engine/core';
import { DATA_COLORS, THEORY, formatNumber, histogram, lineChart, type Rule } from '../../plots';
import type { RmtSpectrumResult } from '../generated/schemas';
import type { Figure, Headline } from '../schema';

function region(r: RmtSpectrumResult): string {
  if (r.sampleSpike) return 'both spikes (ρ above both thresholds)';
  if (r.populationSpike) return 'population spike only (two-transition window)';
  return 'no spike (ρ below both thresholds)';
}

export function headline(raw: Json): Headline[] {
  const r = raw as RmtSpectrumResult;
  return [
    { key: 'topEigenvalue', label: 'Top eigenvalue λ₁ (simulated)', value: formatNumber(r.topEigenvalue, 5), raw: r.topEigenvalue },
    { key: 'topEigenvalueTheory', label: 'λ₁ theory', value: formatNumber(r.topEigenvalueTheory, 5), raw: r.topEigenvalueTheory,
      help: 'the outlier location κ·Z(1/θ′) above the sample threshold, the bulk edge κλ₊ below it' },
    { key: 'overlap', label: 'Overlap |u_Sᵀu|² (simulated)', value: formatNumber(r.overlap, 4), raw: r.overlap },
    { key: 'overlapTheory', label: 'Overlap theory', value: formatNumber(r.overlapTheory, 4), raw: r.overlapTheory },
    { key: 'rho', label: 'Effective SNR ρ', value: formatNumber(r.rho, 4), raw: r.rho,
      help: `population threshold ${formatNumber(r.rhoPopulation, 4)}, sample threshold ${formatNumber(r.rhoSample, 4)}` },
    { key: 'region', label: 'Regime', value: region(r) },
    { key: 'kappa', label: 'κ = ‖w‖²', value: formatNumber(r.kappa, 4), raw: r.kappa },
  ];
}

function spectrumRules(r: RmtSpectrumResult): Rule[] {
  return [
    { axis: 'x', value: r.bulkEdges.lower, label: `bulk edge κλ₋ = ${formatNumber(r.bulkEdges.lower, 4)}`, tag: 'κλ₋', style: 'theory' },
    { axis: 'x', value: r.bulkEdges.upper, label: `bulk edge κλ₊ = ${formatNumber(r.bulkEdges.upper, 4)}`, tag: 'κλ₊', style: 'theory' },
    ...(r.sampleSpike ? [{ axis: 'x' as const, value: r.topEigenvalueTheory, label: `predicted outlier ${formatNumber(r.topEigenvalueTheory, 4)}`, tag: 'outlier', style: 'theory' as const }] : []),
    { axis: 'x', value: r.topEigenvalue, label: `simulated λ₁ = ${formatNumber(r.topEigenvalue, 4)}`, tag: 'λ₁', style: 'marker' },
  ];
}

const curve = (c: { x: number[]; f: number[] }) => c.x.map((x, i) => ({ x, y: c.f[i] }));

export function figures(raw: Json): Figure[] {
  const r = raw as RmtSpectrumResult;
  const atom = r.atomAtZero > 0 ? ` An atom of mass ${formatNumber(r.atomAtZero, 3)} sits at 0 (rank S ≤ min(d, V, N)).` : '';
  return [
    {
      id: 'spectrum',
      title: 'Eigenvalues of S against κ·(MP_δ ⊠ MP_γ)',
      description: `Histogram (density) of the ${r.eigenvalues.length} eigenvalues of S; dashed: the theory density, the bulk edges and the predicted outlier.${atom}`,
      render: ({ width }) => histogram(r.eigenvalues, {
        width, height: 320, label: 'eigenvalues of S (simulated)', density: true, bins: 60, rules: spectrumRules(r),
        theory: { label: 'κ·(MP_δ ⊠ MP_γ) density (theory)', points: curve(r.density) },
        ariaLabel: 'Histogram of the eigenvalues of S with the theoretical density',
      }),
      table: () => ({ columns: ['eigenvalue'], rows: r.eigenvalues.map((x) => [x]) }),
    },
    {
      id: 'not-mp',
      title: 'The bulk is not Marchenko–Pastur',
      description: 'The bulk law against κ·MP_δ (infinitely many sequences, γ → 0) and κ·MP_γ (infinite vocabulary, δ → 0): the finite vocabulary and the finite sample compound.',
      render: ({ width }) => lineChart([
        { label: 'κ·(MP_δ ⊠ MP_γ) (theory)', style: 'theory', color: THEORY, points: curve(r.density) },
        { label: 'κ·MP_δ (γ → 0)', mark: 'line', color: DATA_COLORS[1], points: curve(r.mpDelta) },
        { label: 'κ·MP_γ (δ → 0)', mark: 'line', color: DATA_COLORS[2], points: curve(r.mpGamma) },
      ], { width, height: 280, x: { label: 'eigenvalue' }, y: { label: 'density' }, ariaLabel: 'Bulk density against two Marchenko–Pastur laws' }),
      table: () => ({ columns: ['x', 'density'], rows: r.density.x.map((x, i) => [x, r.density.f[i]]) }),
    },
  ];
}
