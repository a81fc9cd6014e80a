// The text summary each figure carries for screen readers: generated from the figure's table.
import { describe, expect, it } from 'vitest';
import { tableSummary } from '../../web/src/ui/figure-summary';

describe('figure summaries', () => {
  it('gives the row count and the range of each numeric column', () => {
    const table = { columns: ['n', 'k_svd', 'label'], rows: [[16, 14, 'a'], [32, 29, 'b'], [512, 120, 'c']] };
    expect(tableSummary(table)).toBe('Data: 3 rows; n from 16 to 512; k_svd from 14 to 120.');
  });

  it('skips non-finite values, says when a column is constant, and names what it leaves out', () => {
    const table = { columns: ['a', 'b', 'c', 'd', 'e', 'f'], rows: [[1, Number.NaN, 2, 2, 0, 9], [1, 0.5, 3, 2, 1, 9]] };
    expect(tableSummary(table)).toBe('Data: 2 rows; a 1; b 0.5; c from 2 to 3; d 2; e from 0 to 1 (and 1 more columns).');
  });

  it('says so when there is nothing to describe', () => {
    expect(tableSummary({ columns: ['x'], rows: [] })).toBe('No data yet.');
  });
});
