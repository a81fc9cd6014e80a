// SPDX-License-Identifier: Apache-2.0
// A study over a corpus as CSV, beside its JSON: one row per head (its spreads over its rows), or every row. A header
// line, then the values: numbers as JSON writes them (the shortest text that reads back to the same double), text
// quoted when it must be, a missing value (null) empty. DOM-free.
import type { CorpusStudy, Spread } from '../../state/study-file';

/** One CSV cell: a number or boolean as JSON writes it, text quoted when it holds a comma, quote or line break. */
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLines = (columns: string[], rows: unknown[][]): string =>
  [columns, ...rows].map((row) => row.map(csvCell).join(',')).join('\n') + '\n';

/** The quantities of the per-head table, each as four columns (<name>_mean, _sd, _min, _max). */
const HEAD_QUANTITIES = ['energy90', 'rEffVis', 'kSvd'] as const;
const SPREAD_PARTS: (keyof Spread)[] = ['mean', 'sd', 'min', 'max'];

/** One row per head: layer, head, its number of rows, then energy90, r_eff,vis and k_svd over those rows. */
export function headsCsv(study: CorpusStudy): string {
  const columns = ['layer', 'head', 'rows', ...HEAD_QUANTITIES.flatMap((q) => SPREAD_PARTS.map((p) => `${q}_${p}`))];
  const rows = study.heads.map((x) => [
    x.layer,
    x.head,
    x.rows,
    ...HEAD_QUANTITIES.flatMap((q) => SPREAD_PARTS.map((p) => x[q][p])),
  ]);
  return csvLines(columns, rows);
}

/** The columns a reader looks for first, when the rows have them; the rest follow in the order they first appear. */
const LEADING = ['layer', 'head', 'n', 'window', 'eps', 'betaMult'];

/** Every row of the study (a head in one window at one temperature and ε), with every key any row has. */
export function rowsCsv(study: CorpusStudy): string {
  const seen = new Set<string>();
  for (const row of study.rows) for (const key of Object.keys(row)) seen.add(key);
  const columns = [...LEADING.filter((k) => seen.has(k)), ...[...seen].filter((k) => !LEADING.includes(k))];
  return csvLines(
    columns,
    study.rows.map((row) => columns.map((k) => row[k])),
  );
}
