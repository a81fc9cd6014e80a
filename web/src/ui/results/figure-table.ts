// SPDX-License-Identifier: Apache-2.0
// A figure's data as an HTML table (the "Table" toggle under each figure): the same table the CSV
// export writes, numbers shown readably with the full-precision value in data-value and title, and
// at most TABLE_ROW_CAP rows, so a 4096-row (or 2048²-cell) figure opens at once.
// tableView is DOM-free (tested in Node); tableElement builds the <table>.
import { formatNumber } from '../../plots/figure-style';
import { h } from '../dom';

/** Rows shown at most; the CSV export has them all. */
export const TABLE_ROW_CAP = 200;

interface TableCell {
  /** What the cell shows. */
  text: string;
  /** The value exactly as the CSV export writes it. */
  value: string;
  numeric: boolean;
}

interface TableView {
  columns: string[];
  rows: TableCell[][];
  /** Rows in the figure's table (rows.length when nothing was left off). */
  total: number;
}

/** Whole numbers in full, others to 4 significant digits (exponent form when very large or small). */
export function readableNumber(value: number): string {
  return Number.isSafeInteger(value) ? String(value) : formatNumber(value, 4);
}

function cell(value: number | string): TableCell {
  return typeof value === 'number'
    ? { text: readableNumber(value), value: String(value), numeric: true }
    : { text: value, value, numeric: false };
}

export function tableView(table: { columns: string[]; rows: (number | string)[][] }, cap = TABLE_ROW_CAP): TableView {
  return {
    columns: table.columns,
    rows: table.rows.slice(0, cap).map((row) => row.map(cell)),
    total: table.rows.length,
  };
}

/** "showing 200 of 4096 rows" when rows were left off, else "12 rows". */
export function rowCountText(view: TableView): string {
  if (view.rows.length < view.total) return `showing ${view.rows.length} of ${view.total} rows`;
  return `${view.total} ${view.total === 1 ? 'row' : 'rows'}`;
}

/**
 * The <table> for `view`, captioned `title`. The "export CSV for all" hint is marked data-ui=export,
 * so it hides with the export buttons (embed mode's hide=export).
 */
export function tableElement(view: TableView, title: string): HTMLTableElement {
  const more = view.rows.length < view.total ? h('span', { 'data-ui': 'export' }, ' — export CSV for all') : null;
  const caption = h('caption', {}, `${title}: data (${rowCountText(view)}`, more, ')');
  const head = h('thead', {}, h('tr', {}, ...view.columns.map((c) => h('th', { scope: 'col' }, c))));
  const body = h('tbody');
  for (const row of view.rows) {
    body.append(
      h(
        'tr',
        {},
        ...row.map((c) =>
          c.numeric
            ? h('td', { class: 'num', 'data-value': c.value, title: c.text === c.value ? undefined : c.value }, c.text)
            : h('td', { 'data-value': c.value }, c.text),
        ),
      ),
    );
  }
  return h('table', { class: 'data-table' }, caption, head, body);
}
