// The look shared by every figure: colours are explicit (not CSS variables) so exported SVGs keep them.

export const INK = '#1f2430';
export const MUTED = '#5b6472';
export const GRID = '#e3e6ea';
export const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** Simulation series, in order; theory overlays use THEORY instead. */
export const DATA_COLORS = ['#2f6db5', '#d1742f', '#3f9a57', '#8a5cb8', '#b8434f', '#5a8f9c'];
/** Theory overlays: always dashed, always in the legend. */
export const THEORY = '#c2185b';
export const THEORY_DASH = '6 4';
/** Reference markers computed from the data (e.g. a measured rank): dotted grey. */
export const MARKER = '#6b7280';
export const MARKER_DASH = '2 3';

export type OverlayStyle = 'theory' | 'marker';

export function overlayStroke(style: OverlayStyle): { stroke: string; strokeDasharray: string } {
  return style === 'theory' ? { stroke: THEORY, strokeDasharray: THEORY_DASH } : { stroke: MARKER, strokeDasharray: MARKER_DASH };
}

/** Inline style for Plot's SVG root (Plot fills text with currentColor). */
export const PLOT_STYLE = { color: INK, fontFamily: FONT, fontSize: '11px', background: 'transparent', overflow: 'visible' };

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
