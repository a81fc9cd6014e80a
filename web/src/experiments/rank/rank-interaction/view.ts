// SPDX-License-Identifier: Apache-2.0
// rank-interaction: the raw and visible logit spectra, r(τ) with the guarantee 2·tanh(τ/2) against the
// measured output error, and the residual curves e(r) ≤ b_osc(r) ≤ b_sig(r).
import { DATA_COLORS, THEORY, formatNumber, lineChart, type Series } from '../../../plots';
import { THEORY_ALT } from '../../../plots/figure-style';
import type { RankInteractionResult } from '../../generated/rank-interaction';
import { CERTIFICATE_NAMES, LOWER_BOUND_NAMES, svdPathName } from '../certificate-names';
import type { Figure, Headline, RenderOptions } from '../../schema';

type R = RankInteractionResult;
const UNIT: Record<string, string> = { nats: 'τ (nats)', sigma1: 'τ (÷ σ₁)', sqrtn: 'τ (÷ √n)' };
/** Where the head came from, in the reader's words: a file and a model's heads are both the reader's own heads. */
const SOURCE: Record<string, string> = {
  zoo: 'synthetic zoo, not BERT',
  upload: 'your own heads',
  synthetic: 'synthetic',
};

export function headline(r: RankInteractionResult): Headline[] {
  const c = r.combined;
  const out: Headline[] = [
    {
      key: 'head',
      label: 'Head',
      value: `${r.head.label} (${SOURCE[r.head.source] ?? r.head.source}, n = ${r.head.n})`,
    },
    {
      key: 'rVis',
      label: 'Visible rank r_vis',
      value: String(r.rVis),
      raw: r.rVis,
      help: `rank of the row-centred logits; raw rank ${r.rankRaw}${r.head.width ? `, d_h = ${r.head.width}` : ''}`,
    },
    {
      key: 'rEff',
      label: `Effective dimension at ${r.epsOut}`,
      value: `${r.rEffVis} visible, ${r.rEffRaw} raw`,
      raw: r.rEffVis,
      help: 'smallest rank of a logit truncation whose attention is within the output tolerance',
    },
    {
      key: 'kSvd',
      label: 'Truncated SVD of P',
      value: String(r.kSvd),
      raw: r.kSvd,
      help: `recomputed error ${formatNumber(r.svdError, 3)}; computed by ${svdPathName(r.svdPath)}`,
    },
    {
      key: 'kComb',
      label: `Combined (${CERTIFICATE_NAMES.combined})`,
      value: c.vacuous ? `${c.k} (no better than n)` : `${c.k} (r = ${c.rank}, g = ${c.degree})`,
      raw: c.k,
      help:
        `C(g + r, r) from a rank-r logit truncation plus Chebyshev; ` +
        `recomputed error ${formatNumber(c.verifiedError, 3)}`,
    },
    {
      key: 'lowerBound',
      label: 'Lower bound',
      value: String(r.lowerBound),
      raw: r.lowerBound,
      help:
        `the largest of the ${LOWER_BOUND_NAMES['LB-F']}, ${LOWER_BOUND_NAMES['LB-DD']} ` +
        `and ${LOWER_BOUND_NAMES['LB-POOL-DATA']} bounds (no coordinates needed)`,
    },
  ];
  if (r.warnings.length) out.push({ key: 'warnings', label: 'Warnings', value: r.warnings.join('; ') });
  return out;
}

function spectraChart(r: R, { width, ghost }: RenderOptions): HTMLElement {
  const series: Series[] = [
    {
      label: 'σ_l(L), raw logits',
      mark: 'line+dot',
      color: DATA_COLORS[0],
      points: r.sigmaRaw.map((s, l) => ({ x: l + 1, y: s })),
    },
    {
      label: 'σ_l(L_c), visible (row-centred)',
      mark: 'line+dot',
      color: DATA_COLORS[2],
      points: r.sigmaVis.map((s, l) => ({ x: l + 1, y: s })),
    },
  ];
  const top = r.sigmaRaw[0] ?? 1;
  return lineChart(
    series.map((s) => ({ ...s, points: s.points.filter((p) => p.y > top * 1e-12) })),
    {
      width,
      ghost,
      height: 300,
      x: { label: 'index l (log scale)', type: 'log' },
      y: { label: 'singular value (nats, log scale)', type: 'log' },
      ariaLabel: 'Raw and visible logit spectra',
    },
  );
}

function toleranceChart(r: R, { width, ghost }: RenderOptions): HTMLElement {
  const t = r.toleranceCurve;
  const series: Series[] = [
    { label: 'r_raw(τ)', mark: 'line', color: DATA_COLORS[0], points: t.tau.map((x, i) => ({ x, y: t.raw[i] })) },
    { label: 'r_vis(τ)', mark: 'line', color: DATA_COLORS[2], points: t.tau.map((x, i) => ({ x, y: t.visible[i] })) },
    {
      label: 'listed τ: r_vis',
      mark: 'dot',
      color: DATA_COLORS[2],
      points: r.tolerance.map((d) => ({ x: d.tau, y: d.visible })),
    },
  ];
  return lineChart(series, {
    width,
    ghost,
    height: 280,
    x: { label: UNIT[r.tauScale] ?? 'τ', type: 'log' },
    y: { label: 'dimension r(τ)', integer: true },
    ariaLabel: 'Tolerance-indexed dimension',
  });
}

function guaranteeChart(r: R, { width, ghost }: RenderOptions): HTMLElement {
  const t = r.toleranceCurve;
  const series: Series[] = [
    {
      label: 'guarantee 2·tanh(τ/2) (τ in nats)',
      style: 'theory',
      color: THEORY,
      points: t.tau.map((x, i) => ({ x, y: t.guaranteed[i] })),
    },
    {
      label: 'measured output error of the rank-r(τ) truncation',
      mark: 'line+dot',
      color: DATA_COLORS[1],
      points: r.tolerance.map((d) => ({ x: d.tau, y: Math.max(d.measuredError, 1e-16) })),
    },
  ];
  return lineChart(series, {
    width,
    ghost,
    height: 280,
    x: { label: UNIT[r.tauScale] ?? 'τ', type: 'log' },
    y: { label: 'max-row-ℓ1 output error (log scale)', type: 'log' },
    ariaLabel: 'Guaranteed against measured residual output error',
  });
}

/** Errors below this are off the chart's bottom: they are rounding noise next to any tolerance a reader sets. */
const RESIDUAL_FLOOR = 1e-4;

function residualChart(r: R, { width, ghost }: RenderOptions): HTMLElement {
  const pts = (ys: number[]) => ys.map((y, k) => ({ x: k, y })).filter((p) => p.y >= RESIDUAL_FLOOR);
  const series: Series[] = [
    {
      label: 'e(r): exact, truncating the row-centred L_c',
      mark: 'line+dot',
      color: DATA_COLORS[2],
      points: pts(r.residual),
    },
    {
      label: 'e_raw(r): truncating the uncentred L',
      mark: 'line+dot',
      line: 'dashed',
      color: DATA_COLORS[0],
      points: pts(r.residualRaw),
    },
    { label: 'b_osc(r) = 2·tanh(max osc/4) (rigorous)', style: 'theory', color: THEORY, points: pts(r.boundOsc) },
    {
      label: 'b_sig(r) = 2·tanh(σᵣ₊₁/2) (rigorous, coarse)',
      style: 'theory',
      color: THEORY_ALT,
      points: pts(r.boundSigma),
    },
  ];
  return lineChart(series, {
    width,
    ghost,
    height: 300,
    x: { label: 'logit rank r' },
    y: { label: 'output error (log scale)', type: 'log', domain: [RESIDUAL_FLOOR, 2] },
    rules: [{ axis: 'y', value: r.epsOut, label: `output tolerance ${r.epsOut}` }],
    ariaLabel: 'Residual output error of logit truncations',
  });
}

export function figures(r: RankInteractionResult): Figure[] {
  const toleranceTable = () => ({
    columns: ['tau', 'tau_nats', 'r_raw', 'r_vis', 'reduction', 'guaranteed_error', 'measured_error'],
    rows: r.tolerance.map((t) => [t.tau, t.tauNats, t.raw, t.visible, t.reduction, t.guaranteedError, t.measuredError]),
  });
  return [
    {
      id: 'spectra',
      title: 'Raw and visible logit spectra',
      description:
        'The singular values of the logits as given and after centring each row: ' +
        'softmax ignores what centring removes, so only the visible spectrum matters.',
      render: ({ width, ghost }) => spectraChart(r, { width, ghost }),
      table: () => ({
        columns: ['l', 'sigma_raw', 'sigma_vis'],
        rows: r.sigmaRaw.map((s, l) => [l + 1, s, r.sigmaVis[l] ?? '']),
      }),
    },
    {
      id: 'tolerance',
      title: 'Tolerance-indexed dimension r(τ)',
      description:
        'How many singular values exceed each tolerance τ, for the raw and ' +
        'the visible logits; the dots are the tolerances listed in the panel.',
      render: ({ width, ghost }) => toleranceChart(r, { width, ghost }),
      table: toleranceTable,
    },
    {
      id: 'guarantee',
      title: 'Residual output error: guarantee against measured',
      description:
        'Keeping r(τ) dimensions guarantees an output error of at most ' +
        '2·tanh(τ/2); the measured error of that truncation lies below it.',
      render: ({ width, ghost }) => guaranteeChart(r, { width, ghost }),
      table: toleranceTable,
    },
    {
      id: 'residual',
      title: 'Output error of rank-r logit truncations',
      description:
        `The attention error after keeping r dimensions of the logits, with its two rigorous bounds; the ` +
        `horizontal line is the output tolerance ${r.epsOut}. Errors below 10⁻⁴ fall off the bottom.`,
      render: ({ width, ghost }) => residualChart(r, { width, ghost }),
      table: () => ({
        columns: ['r', 'e', 'e_raw', 'b_osc', 'b_sig'],
        rows: r.residual.map((e, k) => [k, e, r.residualRaw[k] ?? '', r.boundOsc[k], r.boundSigma[k]]),
      }),
    },
  ];
}
