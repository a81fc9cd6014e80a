// SPDX-License-Identifier: Apache-2.0
// What a line chart draws, below the modules that draw it (lines.ts, line-axes.ts, end-labels.ts): the points, the
// series with their looks and a previous run's series to draw faded.

export interface Point {
  x: number;
  y: number;
  /** Error bar ends (e.g. mean ± one standard deviation over seeds). */
  lo?: number;
  hi?: number;
}

export interface Series {
  label: string;
  points: Point[];
  /** 'data' (solid, from the simulation) or 'theory' (dashed overlay). */
  style?: 'data' | 'theory';
  /** Defaults: 'line' for theory, 'line+dot' for data. */
  mark?: 'line' | 'dot' | 'line+dot';
  color?: string;
  /** The line's pattern; defaults to dashed for theory, solid otherwise. 'population' is a second dash. */
  line?: 'solid' | 'dashed' | 'population';
  /** False: no legend row of its own (the figure's `legend` explains it). */
  legend?: boolean;
  /** A short name written at the line's right end instead of a legend row (wide charts only). */
  endLabel?: string;
}

/**
 * A previous run to draw faded behind the current one; `label` names it in the legend (e.g. "previous run: β = 4").
 */
export interface Ghost {
  series: Series[];
  label: string;
}
