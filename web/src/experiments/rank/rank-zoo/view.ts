// SPDX-License-Identifier: Apache-2.0
// rank-zoo: the calibration study: headline reductions and associations, the
// per-family means, reduction against the certificates, and the sortable per-head table. Labelled
// everywhere as a synthetic stand-in when it runs on the built-in zoo.
import * as Plot from '@observablehq/plot';
import { DATA_COLORS, formatNumber, lineChart, wrapWithLegend, type Series } from '../../../plots';
import { GRID, PLOT_STYLE, X_LABEL_OFFSET, X_MARGIN_BOTTOM } from '../../../plots/figure-style';
import type { RankZooResult } from '../../generated/rank-zoo';
import type { Figure, Headline, ParamValues, RenderOptions } from '../../schema';
import { naturalOrder } from '../natural-order';
import { definedRho } from './spearman';
import { atlasCells, atlasChart, atlasTable } from './atlas';
import { zooQuantities } from './atlas-quantities';

type R = RankZooResult;
type Row = R['rows'][number];
const COLUMNS: [keyof Row, string][] = [
  ['family', 'head'],
  ['variant', 'variant'],
  ['betaMult', 'temperature ×'],
  ['rVis', 'r_vis'],
  ['rRawTau', 'r_raw(τ)'],
  ['rVisTau', 'r_vis(τ)'],
  ['rEffRaw', 'r_eff,raw'],
  ['rEffVis', 'r_eff,vis'],
  ['kSvd', 'k_svd'],
  ['lowerBound', 'lower bound'],
  ['lowerBoundPoolData', 'pooled-keys bound'],
  ['kComb', 'combined'],
  ['reductionTau', 'reduction at τ'],
  ['reductionEff', 'effective reduction'],
];

export function headline(r: RankZooResult): Headline[] {
  const rho = (name: string) => definedRho(r, name);
  const fmt = (x: number | undefined) => (x === undefined ? '—' : formatNumber(x, 3));
  return [
    {
      key: 'source',
      label: 'Heads',
      value: r.source,
      help: r.synthetic
        ? 'a deterministic synthetic zoo (7 families × 12 variants); these are not BERT numbers'
        : 'the heads given to the run (a model’s, or from files), one row per head',
    },
    {
      key: 'meanReductionTau',
      label: 'Mean r_raw(τ) − r_vis(τ)',
      value: formatNumber(r.meanReductionTau, 3),
      raw: r.meanReductionTau,
    },
    {
      key: 'meanReductionEff',
      label: 'Mean r_eff,raw − r_eff,vis',
      value: formatNumber(r.meanReductionEff, 3),
      raw: r.meanReductionEff,
    },
    {
      key: 'fractionEffPositive',
      label: 'Share with a positive effective reduction',
      value: `${formatNumber(100 * r.fractionEffPositive, 3)}%`,
      raw: r.fractionEffPositive,
    },
    {
      key: 'rhoNonVacuous',
      label: 'Spearman(reduction τ, combined certificate below n)',
      value: fmt(rho('tau:nonVacuous')),
      raw: rho('tau:nonVacuous'),
    },
    { key: 'rhoKSvd', label: 'Spearman(reduction τ, −k_svd)', value: fmt(rho('tau:-kSvd')), raw: rho('tau:-kSvd') },
    { key: 'jobsDone', label: 'Configurations done', value: `${r.jobsDone} of ${r.jobsTotal}`, raw: r.jobsDone },
  ];
}

/** Zoo family names as readers see them (the core's ids are short: "keymean", "lowrank"). */
const FAMILY_NAMES: Record<string, string> = {
  generic: 'generic',
  lowrank: 'low rank',
  positional: 'positional',
  sink: 'attention sink',
  keymean: 'key bias',
  sharp: 'sharp',
  broad: 'broad',
};
const familyName = (f: string) => FAMILY_NAMES[f] ?? f;

/** One bar of the group chart: a group (a zoo family, or a layer of uploaded heads) at one temperature. */
interface GroupMean {
  name: string;
  betaMult: number;
  heads: number;
  lowerBound: number;
  kSvd: number;
}

/**
 * The zoo's families as the core averaged them; uploaded heads ("L3H5", one group each in the core) averaged per
 * layer here, so a model's 144 heads read as 12 layers.
 */
function groupMeans(r: R): GroupMean[] {
  if (r.synthetic)
    return r.families.map((f) => ({
      name: familyName(f.family),
      betaMult: f.betaMult,
      heads: f.heads,
      lowerBound: f.lowerBound,
      kSvd: f.kSvd,
    }));
  const groups = new Map<string, GroupMean>();
  for (const row of r.rows) {
    const layer = /^L(\d+)H\d+$/.exec(String(row.family));
    const name = layer ? `layer ${layer[1]}` : String(row.family);
    const key = `${name}|${row.betaMult}`;
    const g = groups.get(key) ?? { name, betaMult: row.betaMult, heads: 0, lowerBound: 0, kSvd: 0 };
    g.heads++;
    g.lowerBound += (row.lowerBound - g.lowerBound) / g.heads; // running means
    g.kSvd += (row.kSvd - g.kSvd) / g.heads;
    groups.set(key, g);
  }
  return [...groups.values()];
}

/**
 * Per group (named on the left, read across): a bar from the mean lower bound to the mean k_svd, one colour per
 * temperature.
 */
function familyChart(r: R, width: number): HTMLElement {
  const rows = groupMeans(r);
  const mults = [...new Set(rows.map((f) => f.betaMult))];
  const color = (m: number) => DATA_COLORS[mults.indexOf(m) % DATA_COLORS.length];
  const offset = (m: number) => (mults.indexOf(m) - (mults.length - 1) / 2) * 6; // side by side within a family
  const families = [...new Set(rows.map((f) => f.name))];
  const marks: Plot.Markish[] = [Plot.frame({ stroke: GRID })];
  for (const m of mults) {
    const of = rows.filter((f) => f.betaMult === m);
    marks.push(
      Plot.ruleY(of, { y: 'name', x1: 'lowerBound', x2: 'kSvd', stroke: color(m), strokeWidth: 2, dy: offset(m) }),
      Plot.dot(of, { y: 'name', x: 'kSvd', fill: color(m), r: 3.5, dy: offset(m) }),
    );
  }
  const plot = Plot.plot({
    width,
    height: 60 + families.length * (14 + 6 * mults.length),
    marginLeft: 96,
    marginBottom: X_MARGIN_BOTTOM,
    style: PLOT_STYLE,
    y: { type: 'point', domain: families, label: null, padding: 0.6 },
    x: { label: 'mean rank: bar from the lower bound to the truncated SVD', grid: true, labelOffset: X_LABEL_OFFSET },
    marks,
    ariaLabel: r.synthetic ? 'Per-family mean certificates' : 'Per-layer mean certificates',
  });
  return wrapWithLegend(
    plot,
    mults.map((m) => ({ label: `temperature × ${m}`, color: color(m), symbol: 'dot' as const })),
    width,
  );
}

function reductionChart(r: R, { width, ghost }: RenderOptions): HTMLElement {
  const series: Series[] = [
    {
      label: 'one configuration: reduction τ against k_svd',
      mark: 'dot',
      color: DATA_COLORS[0],
      points: r.rows.map((row, i) => ({ x: row.kSvd, y: row.reductionTau + ((i % 7) - 3) * 0.03 })),
    },
  ];
  return lineChart(series, {
    width,
    ghost,
    height: 260,
    x: { label: 'k_svd (ε = ' + r.eps + ')', type: 'log' },
    y: { label: 'r_raw(τ) − r_vis(τ) (jittered)' },
    ariaLabel: 'Reduction against the SVD certificate',
  });
}

/** The columns of the per-head table: no zoo variant for heads that are not the zoo's. */
const columnsOf = (r: R) => (r.synthetic ? COLUMNS : COLUMNS.filter(([k]) => k !== 'variant'));

/** The per-head table; a click on a header sorts by that column (again: reverses). */
function headTable(r: R): HTMLElement {
  const columns = columnsOf(r);
  const el = document.createElement('table');
  el.className = 'data-table zoo-table';
  let key: keyof Row = 'family',
    ascending = true;
  const fill = () => {
    el.replaceChildren();
    const head = el.createTHead().insertRow();
    for (const [k, label] of columns) {
      const th = document.createElement('th');
      th.scope = 'col';
      th.textContent = label + (k === key ? (ascending ? ' ▲' : ' ▼') : '');
      th.dataset.exportText = '';
      th.style.cursor = 'pointer';
      th.addEventListener('click', () => {
        ascending = k === key ? !ascending : true;
        key = k;
        fill();
      });
      head.append(th);
    }
    const value = (row: Row) => row[key] ?? -Infinity;
    const rows = [...r.rows].sort((a, b) => naturalOrder(value(a), value(b)) * (ascending ? 1 : -1));
    const body = el.createTBody();
    for (const row of rows) {
      const tr = body.insertRow();
      for (const [k] of columns) {
        const td = tr.insertCell();
        td.textContent =
          k === 'kComb' && !row.nonVacuous
            ? `${row.kComb} (no better than n)`
            : k === 'family'
              ? familyName(String(row.family))
              : String(row[k] ?? '—'); // an undefined statistic (null from the core) is a dash
        td.dataset.exportText = '';
      }
    }
  };
  fill();
  return el;
}

/** The per-head export: the zoo's rows keep `family`; the label of a model's or uploaded head (L3H5) is `head`. */
const tableOf = (r: R) => ({
  columns: [...columnsOf(r).map(([k]) => (k === 'family' && !r.synthetic ? 'head' : String(k))), 'nonVacuous'],
  rows: r.rows.map((row) => [...columnsOf(r).map(([k]) => row[k] as number | string), row.nonVacuous ? 1 : 0]),
});
const familyTable = (r: R) => ({
  columns: [
    'family',
    'beta_mult',
    'heads',
    'r_vis',
    'r_raw_tau',
    'r_vis_tau',
    'r_eff_raw',
    'r_eff_vis',
    'k_svd',
    'lower_bound',
    'lb_pool_data',
    'non_vacuous',
  ],
  rows: r.families.map((f) => [
    f.family,
    f.betaMult,
    f.heads,
    f.rVis,
    f.rRawTau,
    f.rVisTau,
    f.rEffRaw,
    f.rEffVis,
    f.kSvd,
    f.lowerBound,
    f.lowerBoundPoolData,
    f.nonVacuous,
  ]),
});

/** The group chart's title: the zoo's families, or the layers of the model named (or of the reader's files). */
const groupTitle = (r: R, note: string, modelName: string | undefined): string =>
  r.synthetic
    ? `Per-family means${note}`
    : modelName
      ? `Per-layer means of the heads of ${modelName}`
      : 'Per-layer means of your heads';

/**
 * modelName: the model whose heads were read (its folder's name, else its architecture), when they were a model's;
 * `values.bilinear` "1": each head was the weights' bilinear form W_Qᵀ W_K (weights only).
 */
export function figures(r: RankZooResult, values?: ParamValues, modelName?: string): Figure[] {
  const note = r.synthetic ? ' (synthetic stand-in, not BERT)' : '';
  const cells = atlasCells(r);
  const quantities = zooQuantities(cells?.map((c) => c.row) ?? [], values?.bilinear === '1');
  const atlas: Figure[] = cells
    ? [
        {
          id: 'atlas',
          title: 'Head atlas: layers × heads',
          description:
            'Each cell is one head at the native temperature, coloured by the chosen quantity; ' +
            'choose a cell to open that head in the interaction-dimension experiment.',
          // a model's heads: previews
          render: ({ width }) => atlasChart(cells, width, { quantities, previews: modelName !== undefined }),
          table: () => atlasTable(cells, quantities),
        },
      ]
    : [];
  return [
    ...atlas,
    {
      id: 'families',
      title: groupTitle(r, note, modelName),
      render: ({ width }) => familyChart(r, width),
      table: () =>
        r.synthetic
          ? familyTable(r)
          : {
              columns: ['layer', 'beta_mult', 'heads', 'lower_bound', 'k_svd'],
              rows: groupMeans(r).map((g) => [g.name, g.betaMult, g.heads, g.lowerBound, g.kSvd]),
            },
    },
    {
      id: 'reduction',
      title: `Reduction against the SVD certificate${note}`,
      render: ({ width, ghost }) => reductionChart(r, { width, ghost }),
      table: () => tableOf(r),
    },
    { id: 'heads', title: `Per-head table${note}`, render: () => headTable(r), table: () => tableOf(r) },
  ];
}
