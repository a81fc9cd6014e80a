// SPDX-License-Identifier: Apache-2.0
// The Table view's builder: the figure's export table, capped, with readable text and the exact
// CSV value for every cell.
import { describe, expect, it } from 'vitest';
import { readableNumber, rowCountText, TABLE_ROW_CAP, tableView } from '../../web/src/ui/results/figure-table';

const grid = (n: number) => ({
  columns: ['query_i', 'key_j', 'p'],
  rows: Array.from({ length: n * n }, (_, k) => [Math.floor(k / n), k % n, Math.exp(-k / 7) / 3]),
});

describe('tableView', () => {
  it('keeps the headers and caps a 4096-row table at TABLE_ROW_CAP rows, saying how many there are', () => {
    const table = grid(64);
    const view = tableView(table);
    expect(view.columns).toEqual(table.columns);
    expect(view.total).toBe(4096);
    expect(view.rows).toHaveLength(TABLE_ROW_CAP);
    expect(rowCountText(view)).toBe(`showing ${TABLE_ROW_CAP} of 4096 rows`);
    // The rows shown are the table's first rows, in order, each as long as the header.
    view.rows.forEach((row, r) => {
      expect(row).toHaveLength(3);
      expect(row.map((c) => Number(c.value))).toEqual(table.rows[r]);
    });
  });

  it('shows a short table whole', () => {
    const view = tableView({
      columns: ['k', 'sigma_k'],
      rows: [
        [1, 0.5],
        [2, 0.25],
      ],
    });
    expect(view.rows).toHaveLength(2);
    expect(rowCountText(view)).toBe('2 rows');
    expect(rowCountText(tableView({ columns: ['k'], rows: [[1]] }))).toBe('1 row');
    expect(rowCountText(tableView({ columns: ['k'], rows: [] }))).toBe('0 rows');
  });

  it(
    'keeps the full-precision value as the CSV writes it, and ' +
      'shows it readably (a value not computed as —, never NaN)',
    () => {
      const values = [0.123456789012, 1 / 3, 6.02e23, -2.5e-9, 4096, 0, -17, Number.NaN];
      const [row] = tableView({ columns: values.map((_, k) => `c${k}`), rows: [values] }).rows;
      row.forEach((c, k) => {
        expect(c.numeric).toBe(true);
        expect(c.value).toBe(String(values[k]));
        if (Number.isFinite(values[k]))
          expect(Math.abs(Number(c.text) - values[k])).toBeLessThanOrEqual(5e-4 * Math.abs(values[k]));
      });
      expect(row.map((c) => c.text)).toEqual(['0.1235', '0.3333', '6.02e23', '-2.5e-9', '4096', '0', '-17', '—']);
    },
  );

  it('passes text cells through unchanged', () => {
    const [row] = tableView({ columns: ['mask', 'rank'], rows: [['causal, local', 3]] }).rows;
    expect(row[0]).toEqual({ text: 'causal, local', value: 'causal, local', numeric: false });
    expect(row[1]).toEqual({ text: '3', value: '3', numeric: true });
  });
});

describe('readableNumber', () => {
  it('writes whole numbers in full and others to 4 significant digits', () => {
    expect(readableNumber(1234567)).toBe('1234567');
    expect(readableNumber(2 ** 53 - 1)).toBe('9007199254740991');
    expect(readableNumber(3.14159265)).toBe('3.142');
    expect(readableNumber(123456.789)).toBe('1.235e5');
    expect(readableNumber(0.000123456)).toBe('1.235e-4');
  });
});
