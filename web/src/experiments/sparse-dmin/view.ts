// sparse-dmin: result → headline (fit slope, progress of the sweep) and the d_min-vs-n figure with
// error bars, the fitted log law and the Theorem R bound (dashed), with its table beneath.
import type { Json } from '../../engine/core';
import { formatNumber, lineChart, type Series } from '../../plots';
import type { Figure, Headline } from '../schema';

interface PerN {
  n: number; dmin: (number | null)[]; seedsDone: number; mean: number | null; sd: number | null;
  capped: boolean; dcap: number; bound: number;
}
interface Fit { a: number; b: number; r2: number | null }
interface Curve { param: string | null; value: number; perN: PerN[]; fit: Fit | null }
interface SparseDminResult { curves: Curve[]; fit: Fit | null; jobsDone: number; jobsTotal: number; curveParam: string | null }

const curveLabel = (c: Curve) => (c.param ? `${c.param} = ${formatNumber(c.value)}` : 'd_min');

export function headline(raw: Json): Headline[] {
  const r = raw as SparseDminResult;
  const out: Headline[] = [];
  r.curves.forEach((c, i) => {
    const suffix = r.curves.length > 1 ? ` (${curveLabel(c)})` : '';
    const key = i === 0 ? '' : String(i);
    out.push({ key: `slope${key}`, label: `Slope b of d_min ≈ a + b ln n${suffix}`, value: c.fit ? formatNumber(c.fit.b, 4) : '—', raw: c.fit?.b,
      help: 'positive: d_min grows with n; a straight line on the log-x axis means logarithmic growth' });
    out.push({ key: `r2${key}`, label: `Fit r²${suffix}`, value: c.fit?.r2 != null ? formatNumber(c.fit.r2, 4) : '—', raw: c.fit?.r2 ?? undefined });
  });
  out.push({ key: 'jobsDone', label: 'Points done', value: `${r.jobsDone} of ${r.jobsTotal}`, raw: r.jobsDone });
  return out;
}

function series(r: SparseDminResult): Series[] {
  const out: Series[] = [];
  for (const c of r.curves) {
    const label = curveLabel(c);
    out.push({ label: `${label}: mean ± sd over seeds`, mark: 'line+dot',
      points: c.perN.filter((p) => p.mean !== null).map((p) => ({ x: p.n, y: p.mean as number, lo: (p.mean as number) - (p.sd ?? 0), hi: (p.mean as number) + (p.sd ?? 0) })) });
    if (c.fit) {
      const ns = c.perN.map((p) => p.n);
      const lo = Math.min(...ns), hi = Math.max(...ns);
      const xs = Array.from({ length: 24 }, (_, i) => lo * (hi / lo) ** (i / 23));
      out.push({ label: `${label}: fit ${formatNumber(c.fit.a, 4)} + ${formatNumber(c.fit.b, 4)} ln n`, mark: 'line', points: xs.map((x) => ({ x, y: c.fit!.a + c.fit!.b * Math.log(x) })) });
    }
    out.push({ label: `${label}: Theorem R bound (δ = ½)`, style: 'theory', points: c.perN.map((p) => ({ x: p.n, y: p.bound })) });
  }
  return out;
}

function table(r: SparseDminResult) {
  const columns = ['curve', 'n', 'dmin (per seed)', 'mean', 'sd', 'bound'];
  const rows = r.curves.flatMap((c) => c.perN.map((p) => [curveLabel(c), p.n, p.dmin.map((d) => (d === null ? `>${p.dcap}` : d)).join(' '),
    p.mean === null ? '' : formatNumber(p.mean, 5), p.sd === null ? '' : formatNumber(p.sd, 4), p.bound]));
  return { columns, rows };
}

function htmlTable(r: SparseDminResult): HTMLTableElement {
  const t = table(r);
  const el = document.createElement('table');
  el.className = 'data-table';
  const head = el.createTHead().insertRow();
  for (const c of t.columns) head.append(Object.assign(document.createElement('th'), { textContent: c, scope: 'col' }));
  const body = el.createTBody();
  for (const row of t.rows) {
    const tr = body.insertRow();
    for (const v of row) tr.insertCell().textContent = String(v);
  }
  return el;
}

export function figures(raw: Json): Figure[] {
  const r = raw as SparseDminResult;
  return [{
    id: 'dmin-vs-n',
    title: 'Minimal d against sequence length',
    description: 'd_min per n (mean ± sd over seeds) on a log-n axis with the least-squares fit a + b ln n; dashed: the Theorem R bound, about ten times higher.',
    render: ({ width }) => {
      const box = document.createElement('div');
      box.append(lineChart(series(r), {
        width, height: 340, x: { label: 'sequence length n', type: 'log' }, y: { label: 'd (log scale)', type: 'log' },
        ariaLabel: 'Minimal d against sequence length', ariaDescription: r.fit ? `Fitted slope ${formatNumber(r.fit.b)} per unit ln n.` : undefined,
      }), htmlTable(r));
      return box;
    },
    table: () => table(r),
  }];
}
