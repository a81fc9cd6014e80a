// SPDX-License-Identifier: Apache-2.0
// The heatmap's keyboard cursor: every key keeps the cursor on the grid, and the keys move it as named.
import { describe, expect, it } from 'vitest';
import { nextCell } from '../../web/src/plots/heatmap-cursor';

const KEYS = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End'];

describe('nextCell', () => {
  it(
    'moves one cell per arrow, a tenth of the rows per page, ' +
      'to the row ends with Home/End and the corners with Ctrl',
    () => {
      const at = { row: 30, col: 40 };
      expect(nextCell('ArrowLeft', false, at, 100, 64)).toEqual({ row: 30, col: 39 });
      expect(nextCell('ArrowRight', false, at, 100, 64)).toEqual({ row: 30, col: 41 });
      expect(nextCell('ArrowUp', false, at, 100, 64)).toEqual({ row: 29, col: 40 });
      expect(nextCell('ArrowDown', false, at, 100, 64)).toEqual({ row: 31, col: 40 });
      expect(nextCell('PageUp', false, at, 100, 64)).toEqual({ row: 20, col: 40 });
      expect(nextCell('PageDown', false, at, 100, 64)).toEqual({ row: 40, col: 40 });
      expect(nextCell('Home', false, at, 100, 64)).toEqual({ row: 30, col: 0 });
      expect(nextCell('End', false, at, 100, 64)).toEqual({ row: 30, col: 63 });
      expect(nextCell('Home', true, at, 100, 64)).toEqual({ row: 0, col: 0 });
      expect(nextCell('End', true, at, 100, 64)).toEqual({ row: 99, col: 63 });
      expect(nextCell('a', false, at, 100, 64)).toBeNull();
    },
  );

  it('never leaves the grid, whatever the keys', () => {
    for (const [rows, cols] of [
      [1, 1],
      [2, 7],
      [5, 3],
      [512, 512],
    ]) {
      let at = { row: 0, col: 0 };
      for (let k = 0; k < 400; k++) {
        const key = KEYS[(k * 7 + rows) % KEYS.length];
        const next = nextCell(key, k % 5 === 0, at, rows, cols);
        expect(next).not.toBeNull();
        at = next!;
        expect(at.row >= 0 && at.row < rows && at.col >= 0 && at.col < cols).toBe(true);
      }
    }
  });
});
