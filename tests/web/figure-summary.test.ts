// SPDX-License-Identifier: Apache-2.0
// @vitest-environment happy-dom
// The text summary each figure carries for screen readers: its axes in their own labels, else its table in words.
import { describe, expect, it } from 'vitest';
import * as Plot from '@observablehq/plot';
import { axisSummary, columnWords, tableSummary } from '../../web/src/ui/results/figure-summary';

describe('figure summaries', () => {
  it('gives the row count and the range of each numeric column', () => {
    const table = {
      columns: ['n', 'k_svd', 'label'],
      rows: [
        [16, 14, 'a'],
        [32, 29, 'b'],
        [512, 120, 'c'],
      ],
    };
    expect(tableSummary(table)).toBe('Data: 3 rows; n from 16 to 512; k svd from 14 to 120.');
  });

  it('skips non-finite values, says when a column is constant, and names what it leaves out', () => {
    const table = {
      columns: ['a', 'b', 'c', 'd', 'e', 'f'],
      rows: [
        [1, Number.NaN, 2, 2, 0, 9],
        [1, 0.5, 3, 2, 1, 9],
      ],
    };
    expect(tableSummary(table)).toBe(
      'Data: 2 rows; a 1; b 0.5; c from 2 to 3; d 2; e from 0 to 1 (and 1 more columns).',
    );
  });

  it('says so when there is nothing to describe', () => {
    expect(tableSummary({ columns: ['x'], rows: [] })).toBe('No data yet.');
  });
});

describe("figure summaries in the figure's own words", () => {
  it('name each axis by its label with the span of its ticks, never a column name', () => {
    const svg = Plot.plot({
      x: { label: 'Sequence length n', type: 'log' },
      y: { label: 'Smallest width d_min' },
      marks: [
        Plot.line([
          [512, 260],
          [1024, 330],
          [3072, 464],
        ]),
      ],
      document,
    }) as Element;
    const text = axisSummary(svg);
    expect(text).toMatch(
      new RegExp(
        /^Horizontal axis: Sequence length n, ticks from \S+ to \S+\. /.source +
          /Vertical axis: Smallest width d_min, ticks from \S+ to \S+\.$/.source,
      ),
    );
  });

  it('read a column name as words when a figure has no labelled axis', () => {
    expect(columnWords('mean_dmin')).toBe('mean dmin');
    expect(columnWords('cappedSeeds')).toBe('capped seeds');
    expect(tableSummary({ columns: ['capped_seeds'], rows: [[0], [0]] })).toBe('Data: 2 rows; capped seeds 0.');
  });
});
