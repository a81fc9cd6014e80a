// SPDX-License-Identifier: Apache-2.0
// Block pooling of a row-major grid to at most maxRows × maxCols, keeping the entry of largest
// magnitude per block (max-|x|, as the core does) so isolated spikes stay visible. DOM-free.

export interface Grid {
  rows: number;
  cols: number;
  /** Row-major, rows × cols. */
  data: ArrayLike<number>;
}

export function downsampleMaxAbs(grid: Grid, maxRows: number, maxCols = maxRows): Grid {
  const fr = Math.max(1, Math.ceil(grid.rows / Math.max(1, maxRows)));
  const fc = Math.max(1, Math.ceil(grid.cols / Math.max(1, maxCols)));
  if (fr === 1 && fc === 1) return grid;
  const rows = Math.ceil(grid.rows / fr),
    cols = Math.ceil(grid.cols / fc);
  const data = new Float64Array(rows * cols);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      let best = 0,
        bestAbs = -1;
      for (let i = r * fr; i < Math.min(grid.rows, (r + 1) * fr); i++) {
        for (let j = c * fc; j < Math.min(grid.cols, (c + 1) * fc); j++) {
          const v = grid.data[i * grid.cols + j];
          const a = Math.abs(v);
          if (a > bestAbs) {
            bestAbs = a;
            best = v;
          }
        }
      }
      data[r * cols + c] = best;
    }
  }
  return { rows, cols, data };
}

/** The source-matrix index ranges [first, last] that pooled cell (row, col) covers (same block rule as above). */
export function pooledCellRange(grid: Grid, sourceRows: number, sourceCols: number, row: number, col: number) {
  const fr = Math.max(1, Math.ceil(sourceRows / grid.rows)),
    fc = Math.max(1, Math.ceil(sourceCols / grid.cols));
  return {
    rows: [row * fr, Math.min(sourceRows, (row + 1) * fr) - 1] as [number, number],
    cols: [col * fc, Math.min(sourceCols, (col + 1) * fc) - 1] as [number, number],
  };
}
