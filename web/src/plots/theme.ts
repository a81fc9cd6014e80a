// The look shared by every figure: colours are explicit (not CSS variables) so exported SVGs keep them.
// Two palettes, light and dark (ui/theme.ts picks one with setPlotTheme, then redraws): the values
// are live bindings, read when a figure is drawn, so a drawn figure keeps the palette it was drawn in.

const LIGHT = {
  ink: '#1f2430', muted: '#5b6472', grid: '#e3e6ea', background: '#ffffff',
  data: ['#2f6db5', '#d1742f', '#3f9a57', '#8a5cb8', '#b8434f', '#5a8f9c'], theory: '#c2185b', marker: '#6b7280',
};
/** Brighter series on a dark background, each at least 4.5:1 against it. */
const DARK = {
  ink: '#e4e7ec', muted: '#a7b0bd', grid: '#343b45', background: '#15181d',
  data: ['#6ea8f5', '#f0a35e', '#6cc784', '#b99be8', '#f07f8a', '#7fc6d4'], theory: '#ff6fae', marker: '#a0a8b4',
};

export let INK = LIGHT.ink;
export let MUTED = LIGHT.muted;
export let GRID = LIGHT.grid;
/** The figure's background: the halo behind rule labels and the exported file's backdrop. */
export let BACKGROUND = LIGHT.background;
export const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** Simulation series, in order; theory overlays use THEORY instead. (One array, refilled: importers keep it.) */
export const DATA_COLORS = [...LIGHT.data];
/** Theory overlays: always dashed, always in the legend. */
export let THEORY = LIGHT.theory;
export const THEORY_DASH = '6 4';
/** Reference markers computed from the data (e.g. a measured rank): dotted grey. */
export let MARKER = LIGHT.marker;
export const MARKER_DASH = '2 3';

export type OverlayStyle = 'theory' | 'marker';

export function overlayStroke(style: OverlayStyle): { stroke: string; strokeDasharray: string } {
  return style === 'theory' ? { stroke: THEORY, strokeDasharray: THEORY_DASH } : { stroke: MARKER, strokeDasharray: MARKER_DASH };
}

/** Inline style for Plot's SVG root (Plot fills text with currentColor). */
export const PLOT_STYLE = { color: INK, fontFamily: FONT, fontSize: '11px', background: 'transparent', overflow: 'visible' };

/** Switches every figure drawn from now on to the light or the dark palette. */
export function setPlotTheme(dark: boolean): void {
  const p = dark ? DARK : LIGHT;
  INK = p.ink; MUTED = p.muted; GRID = p.grid; BACKGROUND = p.background; THEORY = p.theory; MARKER = p.marker;
  DATA_COLORS.splice(0, DATA_COLORS.length, ...p.data);
  PLOT_STYLE.color = p.ink;
}

/** Tick and legend labels: compact, exponent form only when plain form would be long. */
export function formatNumber(v: number, digits = 3): string {
  if (!Number.isFinite(v)) return String(v);
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a >= 1e5 || a < 1e-3) {
    const [m, e] = v.toExponential(Math.max(0, digits - 1)).split('e');
    return `${m.replace(/\.?0+$/, '')}e${e.replace('+', '')}`;
  }
  return String(Number(v.toPrecision(digits)));
}
