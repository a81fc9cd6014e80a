// One sentence per figure for screen readers, generated from the data the figure is drawn from (its
// export table): how many rows, and the range of each numeric column. DOM-free, tested in Node.
import { formatNumber } from '../plots/theme';

/** Tables longer than this are not scanned (a pooled heatmap has at most 2048² cells; the CSV export has them all). */
const MAX_ROWS = 500_000;
const MAX_COLUMNS = 5;

export function tableSummary(table: { columns: string[]; rows: (number | string)[][] }): string {
  const n = table.rows.length;
  if (n === 0) return 'No data yet.';
  if (n > MAX_ROWS) return `${n} data rows; export the figure as CSV for its values.`;
  const parts: string[] = [];
  table.columns.slice(0, MAX_COLUMNS).forEach((column, c) => {
    let lo = Infinity, hi = -Infinity, count = 0;
    for (const row of table.rows) {
      const v = row[c];
      if (typeof v === 'number' && Number.isFinite(v)) { lo = Math.min(lo, v); hi = Math.max(hi, v); count++; }
    }
    if (count === 0) return;
    parts.push(lo === hi ? `${column} ${formatNumber(lo, 4)}` : `${column} from ${formatNumber(lo, 4)} to ${formatNumber(hi, 4)}`);
  });
  const more = table.columns.length > MAX_COLUMNS ? ` (and ${table.columns.length - MAX_COLUMNS} more columns)` : '';
  return `Data: ${n} ${n === 1 ? 'row' : 'rows'}${parts.length ? `; ${parts.join('; ')}` : ''}${more}.`;
}
