// SPDX-License-Identifier: Apache-2.0
// sparse-dmin: result → headline (fit slope, bound ratio, progress of the sweep) and three figures: d_min against n
// on log-x / linear-y axes with the fit a + b ln n (a straight line there means logarithmic growth,
// docs/theory/sparse.md#dmin-experiment), d_min against the JL bound on log-log axes (the bound is ~10× higher,
// docs/theory/sparse.md#theorem-r), and the per-n table. Partial results keep the x range of the full sweep.
import { DATA_COLORS, THEORY, formatNumber, lineChart, type LegendItem, type Series } from '../../../plots';
import { MUTED, THEORY_DASH } from '../../../plots/figure-style';
import type { SparseDminResult } from '../../generated/sparse-dmin';
import type { Figure, Headline, RenderOptions } from '../../schema';

type Curve = SparseDminResult['curves'][number];
type PerN = Curve['perN'][number];
type Fit = NonNullable<Curve['fit']>;

/** Symbols of the swept parameters, as the explanation writes them. */
const SYMBOL: Record<string, string> = { k: 'k', gamma: 'γ', eps1: 'ε1', eps2: 'ε2', draws: 'Q' };
const curveLabel = (c: Curve) =>
  c.param ? `${SYMBOL[c.param] ?? c.param} = ${formatNumber(c.value ?? NaN)}` : 'd_min';
const curveColor = (i: number) => DATA_COLORS[i % DATA_COLORS.length];
/** Seeds that passed before dmax (capped seeds have no value). */
const measured = (p: PerN) => p.dmin.filter((d): d is number => d !== null);
/** r² of a fit through two means is 1 by construction: only shown from three n on. */
const fittedPoints = (c: Curve) => c.perN.filter((p) => p.mean !== null).length;
const minus = (s: string) => s.replace(/^-/, '−');

function fitText(fit: Fit): string {
  return `${minus(formatNumber(fit.a, 4))} ${fit.b < 0 ? '−' : '+'} ${formatNumber(Math.abs(fit.b), 4)} ln n`;
}

export function headline(r: SparseDminResult): Headline[] {
  const out: Headline[] = [];
  r.curves.forEach((c, i) => {
    const suffix = r.curves.length > 1 ? ` (${curveLabel(c)})` : '';
    const key = i === 0 ? '' : String(i);
    const r2 = fittedPoints(c) >= 3 ? (c.fit?.r2 ?? null) : null;
    out.push({
      key: `slope${key}`,
      label: `Slope b of d_min ≈ a + b ln n${suffix}`,
      value: c.fit ? minus(formatNumber(c.fit.b, 4)) : '—',
      raw: c.fit?.b,
      help: 'positive: d_min grows with n; points along the straight fit line (log-n axis) mean logarithmic growth',
    });
    out.push({
      key: `r2${key}`,
      label: `Fit r²${suffix}`,
      value: r2 !== null ? formatNumber(r2, 4) : '—',
      raw: r2 ?? undefined,
      help: 'shown once three sequence lengths have a d_min (two points fit exactly)',
    });
  });
  const largest = r.curves[0]?.perN.flatMap(({ n, bound, mean }) => (mean === null ? [] : [{ n, bound, mean }])).at(-1);
  if (largest) {
    const ratio = largest.bound / largest.mean;
    const which = r.curves.length > 1 ? ` (${curveLabel(r.curves[0])})` : '';
    out.push({
      key: 'boundRatio',
      label: `JL bound ÷ d_min at n = ${largest.n}${which}`,
      value: `${formatNumber(ratio, 3)}×`,
      raw: ratio,
      help: 'how conservative the proven bound (δ = ½) is against the measured mean',
    });
  }
  out.push({ key: 'jobsDone', label: 'Points done', value: `${r.jobsDone} of ${r.jobsTotal}`, raw: r.jobsDone });
  return out;
}

/** Every n of the sweep, finished or not, so partial results keep the final x range. */
function nRange(r: SparseDminResult): [number, number] {
  const ns = r.curves.flatMap((c) => c.bounds.map((b) => b.n));
  const lo = Math.min(...ns),
    hi = Math.max(...ns);
  return lo === hi ? [lo / 1.5, hi * 1.5] : [lo / 1.12, hi * 1.12];
}

function meanPoints(c: Curve) {
  return c.perN.flatMap((p) => {
    const mean = p.mean,
      sd = measured(p).length > 1 ? (p.sd ?? 0) : 0;
    return mean === null ? [] : [{ x: p.n, y: mean, lo: mean - sd, hi: mean + sd }];
  });
}

function fitSeries(c: Curve, i: number, label: string): Series[] {
  const fit = c.fit;
  if (!fit) return [];
  const ns = c.perN.filter((p) => p.mean !== null).map((p) => p.n);
  const lo = Math.min(...ns),
    hi = Math.max(...ns);
  const xs = Array.from({ length: 24 }, (_, k) => lo * (hi / lo) ** (k / 23));
  return [
    {
      label: `${label}: fit ${fitText(fit)}`,
      mark: 'line',
      color: curveColor(i),
      points: xs.map((x) => ({ x, y: fit.a + fit.b * Math.log(x) })),
    },
  ];
}

/** Several curves: one legend row per curve in its hue, then one per kind of mark (at most 6 + 2 rows). */
function curveLegend(r: SparseDminResult, kinds: LegendItem[]): LegendItem[] | undefined {
  if (r.curves.length < 2) return undefined;
  return [
    ...r.curves.map((c, i) => ({
      label: `${curveLabel(c)}${c.fit ? `: fit ${fitText(c.fit)}` : ''}`,
      color: curveColor(i),
      symbol: 'box' as const,
    })),
    ...kinds,
  ];
}

function dminChart(r: SparseDminResult, { width, ghost }: RenderOptions): HTMLElement {
  const legend = curveLegend(r, [
    { label: 'mean ± sd over seeds', color: MUTED, symbol: 'dot' },
    { label: 'least-squares fit a + b ln n', color: MUTED, symbol: 'line' },
  ]);
  const series: Series[] = r.curves.flatMap((c, i) => {
    const label = curveLabel(c);
    return [
      { label: `${label}: mean ± sd over seeds`, mark: 'dot' as const, color: curveColor(i), points: meanPoints(c) },
      ...fitSeries(c, i, label),
    ].map((s) => (legend ? { ...s, legend: false } : s));
  });
  const top = Math.max(16, ...series.flatMap((s) => s.points.map((p) => p.hi ?? p.y)));
  return lineChart(series, {
    width,
    ghost,
    height: 320,
    legend,
    x: { label: 'sequence length n', type: 'log', domain: nRange(r), ticks: sweptNs(r) },
    y: { label: 'd_min (projection width d)', domain: [0, top * 1.08] },
    ariaLabel: 'Minimal d against sequence length',
    ariaDescription: r.fit ? `Fitted slope ${formatNumber(r.fit.b)} per unit ln n.` : undefined,
  });
}

function boundChart(r: SparseDminResult, { width, ghost }: RenderOptions): HTMLElement {
  const several = r.curves.length > 1;
  const legend = curveLegend(r, [
    { label: 'measured mean', color: MUTED, symbol: 'line' },
    { label: 'JL bound (δ = ½)', color: MUTED, symbol: 'line', dash: THEORY_DASH },
  ]);
  const series: Series[] = r.curves.flatMap((c, i) =>
    [
      {
        label: `${curveLabel(c)}: measured mean`,
        mark: 'line+dot' as const,
        color: curveColor(i),
        points: meanPoints(c).map(({ x, y }) => ({ x, y })),
      },
      {
        label: `${several ? `${curveLabel(c)}: ` : ''}JL bound (δ = ½)`,
        style: 'theory' as const,
        color: several ? curveColor(i) : THEORY,
        points: c.bounds.map((b) => ({ x: b.n, y: b.bound })),
      },
    ].map((s) => (legend ? { ...s, legend: false } : s)),
  );
  const ys = series.flatMap((s) => s.points.map((p) => p.y)).filter((y) => y > 0);
  return lineChart(series, {
    width,
    ghost,
    height: 320,
    legend,
    x: { label: 'sequence length n', type: 'log', domain: nRange(r), ticks: sweptNs(r) },
    y: {
      label: 'd (log scale)',
      type: 'log',
      domain: ys.length ? [Math.min(...ys) / 1.25, Math.max(...ys) * 1.25] : undefined,
    },
    ariaLabel: 'Measured minimal d against the JL bound',
  });
}

/** Seeds per point of the finished sweep (every point runs the same number). */
const seedsPerPoint = (r: SparseDminResult) =>
  r.jobsTotal /
  Math.max(
    1,
    r.curves.reduce((s, c) => s + c.bounds.length, 0),
  );

/** CSV: one row per curve and n, numbers only; d_min per seed in its own column (empty: capped or pending). */
function table(r: SparseDminResult) {
  const seeds = seedsPerPoint(r);
  const lead = r.curveParam ? [r.curveParam] : [];
  const columns = [
    ...lead,
    'n',
    'mean_dmin',
    'sd_dmin',
    'seeds_done',
    'capped_seeds',
    'dmax',
    'jl_bound',
    ...Array.from({ length: seeds }, (_, s) => `dmin_seed${s}`),
  ];
  const rows = r.curves.flatMap((c) =>
    c.perN.map((p) => {
      const perSeed = Array.from({ length: seeds }, (_, s): number | string => {
        const at = p.seeds.indexOf(s);
        return at < 0 ? '' : (p.dmin[at] ?? '');
      });
      return [
        ...(r.curveParam ? [c.value ?? ''] : []),
        p.n,
        p.mean ?? '',
        measured(p).length > 1 ? (p.sd ?? '') : '',
        p.seedsDone,
        p.cappedSeeds,
        p.dcap,
        p.bound,
        ...perSeed,
      ];
    }),
  );
  return { columns, rows };
}

/** The on-screen table: every n of the sweep, pending ones marked, cells tagged for the SVG export. */
function htmlTable(r: SparseDminResult): HTMLElement {
  const seeds = seedsPerPoint(r);
  const several = r.curves.length > 1;
  const columns = [...(several ? ['curve'] : []), 'n', 'd_min per seed', 'mean', 'sd', 'bound', 'bound ÷ mean'];
  const el = document.createElement('table');
  el.className = 'data-table';
  const cell = (row: HTMLTableRowElement, text: string, tag: 'td' | 'th' = 'td') => {
    const c = document.createElement(tag);
    c.textContent = text;
    c.dataset.exportText = '';
    row.append(c);
    return c;
  };
  const head = el.createTHead().insertRow();
  for (const c of columns) cell(head, c, 'th').scope = 'col';
  const body = el.createTBody();
  for (const c of r.curves) {
    for (const { n, bound } of c.bounds) {
      const p = c.perN.find((q) => q.n === n);
      const tr = body.insertRow();
      tr.dataset.n = String(n);
      if (several) cell(tr, curveLabel(c));
      cell(tr, String(n));
      if (!p) {
        tr.className = 'pending';
        cell(tr, 'pending');
        cell(tr, '');
        cell(tr, '');
      } else {
        const done = p.seedsDone < seeds ? ` (${p.seedsDone} of ${seeds})` : '';
        cell(tr, p.dmin.map((d) => (d === null ? `>${p.dcap}` : String(d))).join(' ') + done);
        // Capped seeds are left out of the mean, which is then only a lower bound.
        cell(tr, p.mean === null ? `>${p.dcap}` : `${p.capped ? '≥ ' : ''}${formatNumber(p.mean, 5)}`);
        cell(tr, measured(p).length > 1 && p.sd !== null ? formatNumber(p.sd, 4) : '—');
      }
      cell(tr, String(bound));
      cell(tr, p?.mean ? `${formatNumber(bound / p.mean, 3)}×` : '');
    }
  }
  return el;
}

export function figures(r: SparseDminResult): Figure[] {
  const several = r.curves.length > 1;
  return [
    {
      id: 'dmin-vs-n',
      title: 'Minimal d against sequence length',
      description:
        `d_min per n (mean ± sd over seeds${several ? ', one colour per curve' : ''}) on a log-n axis ` +
        `with the least-squares fit a + b ln n: points along a straight line mean logarithmic growth.`,
      render: ({ width, ghost }) => dminChart(r, { width, ghost }),
      table: () => table(r),
    },
    {
      id: 'dmin-vs-bound',
      title: 'Measured d_min against the JL bound',
      description: 'Both on log axes; dashed: the proven bound for δ = ½, about ten times the measured d_min.',
      render: ({ width, ghost }) => boundChart(r, { width, ghost }),
      table: () => table(r),
    },
    {
      id: 'dmin-table',
      title: 'Per-n results',
      description:
        'd_min of every seed (above the largest d tried: never passed, left ' +
        'out of the mean), their mean and sample sd, and the JL bound (δ = ½).',
      render: () => htmlTable(r),
      table: () => table(r),
    },
  ];
}

/** The swept n values, as tick marks of the log-n axis. */
function sweptNs(r: SparseDminResult): number[] {
  return [...new Set(r.curves.flatMap((c) => c.perN.map((p) => p.n)))].sort((a, b) => a - b);
}
