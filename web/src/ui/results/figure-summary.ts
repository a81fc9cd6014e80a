// SPDX-License-Identifier: Apache-2.0
// One sentence per figure for screen readers, in the figure's own words: its axes as their labels name them,
// each with the range its ticks span (axisSummary, read from the drawn figure); for a figure without labelled
// axes, the data it is drawn from (its export table): how many rows and the range of each numeric column,
// the columns named in words.
import { formatNumber } from '../../plots/figure-style';

/** Tables longer than this are not scanned (a pooled heatmap has at most 2048² cells; the CSV export has them all). */
const MAX_ROWS = 500_000;
const MAX_COLUMNS = 5;

export function tableSummary(table: { columns: string[]; rows: (number | string)[][] }): string {
  const n = table.rows.length;
  if (n === 0) return 'No data yet.';
  if (n > MAX_ROWS) return `${n} data rows; export the figure as CSV for its values.`;
  const parts: string[] = [];
  table.columns.slice(0, MAX_COLUMNS).forEach((column, c) => {
    let lo = Infinity,
      hi = -Infinity,
      count = 0;
    for (const row of table.rows) {
      const v = row[c];
      if (typeof v === 'number' && Number.isFinite(v)) {
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
        count++;
      }
    }
    if (count === 0) return;
    const name = columnWords(column);
    parts.push(
      lo === hi ? `${name} ${formatNumber(lo, 4)}` : `${name} from ${formatNumber(lo, 4)} to ${formatNumber(hi, 4)}`,
    );
  });
  const more = table.columns.length > MAX_COLUMNS ? ` (and ${table.columns.length - MAX_COLUMNS} more columns)` : '';
  return `Data: ${n} ${n === 1 ? 'row' : 'rows'}${parts.length ? `; ${parts.join('; ')}` : ''}${more}.`;
}

/** A table column's name read as words: "mean_dmin" -> "mean dmin", "kSvd" -> "k svd". */
export function columnWords(column: string): string {
  return column
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_+/g, ' ')
    .toLowerCase()
    .trim();
}

/**
 * The drawn figure's axes in its own words: "Horizontal axis: sequence length n, from 512 to 3072. Vertical axis: …",
 * from each axis's label and its first and last tick labels (Observable Plot marks them with aria-labels).
 * "" when the figure has no labelled axis.
 */
export function axisSummary(root: Element): string {
  const parts: string[] = [];
  for (const [axis, name] of [
    ['x', 'Horizontal'],
    ['y', 'Vertical'],
  ] as const) {
    const label = root
      .querySelector(`[aria-label="${axis}-axis label"]`)
      ?.textContent?.replace(/[↑↓→←]/g, '')
      .trim();
    if (!label) continue;
    const ticks = [...root.querySelectorAll(`[aria-label="${axis}-axis tick label"] text`)]
      .map((t) => t.textContent?.trim() ?? '')
      .filter(Boolean);
    const span = ticks.length > 1 ? `, ticks from ${ticks[0]} to ${ticks[ticks.length - 1]}` : '';
    parts.push(`${name} axis: ${label}${span}.`);
  }
  return parts.join(' ');
}
