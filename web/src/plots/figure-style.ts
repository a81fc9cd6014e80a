// SPDX-License-Identifier: Apache-2.0
// The look shared by every figure: colours are explicit (not CSS variables) so exported SVGs keep them.
// Two palettes, light and dark (ui/shell/colour-scheme.ts picks one with setPlotTheme, then redraws): the values
// are live bindings, read when a figure is drawn, so a drawn figure keeps the palette it was drawn in.

// Series colours: Observable Plot's "observable10" hues in its order (blue, orange, green, purple, teal,
// brown; red and pink left out, they merge with green and orange for red-green colour blindness), each
// darkened (light) or lightened (dark) just enough for contrast. tests/web/figures-palette.test.ts checks
// the contrast and that every pair stays distinct under simulated protan-, deuter- and tritanopia.
/** Lines at least 3:1 against white. */
const LIGHT = {
  ink: '#1f2430',
  muted: '#5b6472',
  grid: '#e3e6ea',
  background: '#ffffff',
  data: ['#3455aa', '#b0820f', '#3ca951', '#a262ef', '#458274', '#704c36'],
  theory: '#c2185b',
  theoryAlt: '#7b1fa2',
  marker: '#6b7280',
};
/** Brighter series on a dark background, each at least 4.5:1 against it. */
const DARK = {
  ink: '#e4e7ec',
  muted: '#a7b0bd',
  grid: '#343b45',
  background: '#15181d',
  data: ['#7f91d9', '#f0b646', '#3ca951', '#a76bf2', '#86ccba', '#ae8d7d'],
  theory: '#ff6fae',
  theoryAlt: '#d7a6f0',
  marker: '#a0a8b4',
};
/** Both palettes, for tests and for figures that must know the other one. */
export const PALETTES = { light: LIGHT, dark: DARK } as const;

export let INK = LIGHT.ink;
export let MUTED = LIGHT.muted;
export let GRID = LIGHT.grid;
/** The figure's background: the halo behind rule labels and the exported file's backdrop. */
export let BACKGROUND = LIGHT.background;
/** Room under a chart's frame for the tick labels and, on a line of its own below them, the x axis label. */
export const X_MARGIN_BOTTOM = 42;
export const X_LABEL_OFFSET = 38;
export const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** Simulation series, in order; theory overlays use THEORY instead. (One array, refilled: importers keep it.) */
export const DATA_COLORS = [...LIGHT.data];
/** Theory overlays in figures with one method: dashed, in the legend. */
export let THEORY = LIGHT.theory;
export const THEORY_DASH = '6 4';
/** A second theory overlay beside THEORY (a coarser bound): purple, light enough on the dark background. */
export let THEORY_ALT = LIGHT.theoryAlt;
/** Reference markers computed from the data (e.g. a measured rank): dotted grey. */
export let MARKER = LIGHT.marker;
const MARKER_DASH = '2 3';

/** The population (infinitely many samples) curves of a family where theory is solid and simulation dots. */
export const POPULATION_DASH = '5 4';

export type OverlayStyle = 'theory' | 'marker';

export function overlayStroke(style: OverlayStyle): { stroke: string; strokeDasharray: string } {
  return style === 'theory'
    ? { stroke: THEORY, strokeDasharray: THEORY_DASH }
    : { stroke: MARKER, strokeDasharray: MARKER_DASH };
}

/** Inline style for Plot's SVG root (Plot fills text with currentColor). */
export const PLOT_STYLE = {
  color: INK,
  fontFamily: FONT,
  fontSize: '11px',
  background: 'transparent',
  overflow: 'visible',
};

/** Switches every figure drawn from now on to the light or the dark palette. */
export function setPlotTheme(dark: boolean): void {
  const p = dark ? DARK : LIGHT;
  INK = p.ink;
  MUTED = p.muted;
  GRID = p.grid;
  BACKGROUND = p.background;
  THEORY = p.theory;
  THEORY_ALT = p.theoryAlt;
  MARKER = p.marker;
  DATA_COLORS.splice(0, DATA_COLORS.length, ...p.data);
  PLOT_STYLE.color = p.ink;
}

/** Tick and legend labels: compact, exponent form only when plain form would be long. */
export function formatNumber(v: number | null | undefined, digits = 3): string {
  if (v === null || v === undefined || Number.isNaN(v)) return '—'; // not computed (JSON null): never the word
  if (!Number.isFinite(v)) return v > 0 ? '∞' : '−∞';
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a >= 1e5 || a < 1e-3) {
    const [m, e] = v.toExponential(Math.max(0, digits - 1)).split('e');
    return `${m.replace(/\.?0+$/, '')}e${e.replace('+', '')}`;
  }
  return String(Number(v.toPrecision(digits)));
}
