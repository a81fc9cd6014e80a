// SPDX-License-Identifier: Apache-2.0
// Keyboard access to a canvas heatmap: the canvas takes focus, a cursor cell moves with the arrow
// keys (Home/End: row start/end, Ctrl+Home/End: first/last cell, PageUp/PageDown: a tenth of the
// rows), and each move shows the cell in the readout the mouse uses and announces it in a live region.

interface CursorTarget {
  rows: number;
  cols: number;
  /** Where a cell is drawn, in CSS pixels of the canvas. */
  cellWidth: number;
  cellHeight: number;
  /** Shows cell (row, col) in the readout; `announce` is true for keyboard moves. */
  show: (row: number, col: number, announce: boolean) => void;
}

interface Cell {
  row: number;
  col: number;
}

/** The cell a key moves the cursor to, or null when the key is not one of the heatmap's. */
export function nextCell(key: string, ctrl: boolean, at: Cell, rows: number, cols: number): Cell | null {
  const page = Math.max(1, Math.round(rows / 10));
  const clamp = (row: number, col: number) => ({
    row: Math.min(rows - 1, Math.max(0, row)),
    col: Math.min(cols - 1, Math.max(0, col)),
  });
  switch (key) {
    case 'ArrowLeft':
      return clamp(at.row, at.col - 1);
    case 'ArrowRight':
      return clamp(at.row, at.col + 1);
    case 'ArrowUp':
      return clamp(at.row - 1, at.col);
    case 'ArrowDown':
      return clamp(at.row + 1, at.col);
    case 'PageUp':
      return clamp(at.row - page, at.col);
    case 'PageDown':
      return clamp(at.row + page, at.col);
    case 'Home':
      return ctrl ? clamp(0, 0) : clamp(at.row, 0);
    case 'End':
      return ctrl ? clamp(rows - 1, cols - 1) : clamp(at.row, cols - 1);
    default:
      return null;
  }
}

/** Makes `canvas` (inside the positioned `stage`) keyboard-navigable; the cursor box is an outlined div. */
export function attachCursor(canvas: HTMLCanvasElement, target: CursorTarget): void {
  let at: Cell = { row: 0, col: 0 };
  canvas.tabIndex = 0;
  const box = document.createElement('div');
  box.className = 'heatmap-cursor';
  box.hidden = true;
  box.setAttribute('aria-hidden', 'true');
  canvas.after(box);

  const place = (announce: boolean) => {
    // At least 8 px square, so a cell of a large matrix stays visible; centred on the cell.
    const width = Math.max(8, target.cellWidth),
      height = Math.max(8, target.cellHeight);
    const left = canvas.offsetLeft + (at.col + 0.5) * target.cellWidth - width / 2;
    const top = canvas.offsetTop + (at.row + 0.5) * target.cellHeight - height / 2;
    Object.assign(box.style, { left: `${left}px`, top: `${top}px`, width: `${width}px`, height: `${height}px` });
    canvas.dataset.cursor = `${at.row},${at.col}`;
    target.show(at.row, at.col, announce);
  };
  canvas.addEventListener('focus', () => {
    box.hidden = false;
    place(true);
  });
  canvas.addEventListener('blur', () => {
    box.hidden = true;
  });
  canvas.addEventListener('keydown', (event) => {
    const next = nextCell(event.key, event.ctrlKey || event.metaKey, at, target.rows, target.cols);
    if (!next) return;
    event.preventDefault();
    at = next;
    place(true);
  });
  // The mouse moves the cursor too, so keys continue from the last cell pointed at.
  canvas.addEventListener('pointermove', (event) => {
    const row = Math.floor(event.offsetY / target.cellHeight),
      col = Math.floor(event.offsetX / target.cellWidth);
    if (row < 0 || col < 0 || row >= target.rows || col >= target.cols) return;
    at = { row, col };
    if (!box.hidden) place(false);
    else target.show(row, col, false);
  });
}
