// SPDX-License-Identifier: Apache-2.0
// Plots: pure functions (data, options) → element. No global state; the caller passes the width.
// Every chart's legend is SVG, so export.ts can turn the on-screen figure into one SVG / PNG.
//
// What exists (use these for new experiments):
//   lineChart(series, {width, x, y, rules})   lines.ts      x–y series; each Series is 'data' (solid,
//       line+dot) or 'theory' (dashed, accent colour); Point.lo/hi draw error bars; axis
//       {type: 'log'} for log x or y (non-positive points dropped); `integer` for rank/count axes.
//   histogram(values, {width, label, rules, density, theory})   histogram.ts   counts or a density
//       (bars integrate to 1) with an optional dashed theory density and threshold rules.
//   Rule {axis, value, label, style}   overlays.ts   thresholds and predictions as labelled lines:
//       style 'theory' = dashed accent (predictions), 'marker' = dotted grey (measured references).
//   AxisMark {axis, value, label, tag, color, shape}   axis-marks.ts   the same as small triangles on the
//       frame's edge in a method's hue, labels laid out so none collides (options.marks of lineChart
//       and histogram); preferred where several thresholds would stack rules.
//   heatmap(grid, {width, color, valueLabel, xLabel, yLabel, sourceRows})   heatmap.ts   canvas
//       heatmap through a 256-entry LUT with a colour legend and hover readout; pools (max-|x|)
//       grids larger than the canvas. color = {scheme ('viridis', 'rdbu', any Plot scheme),
//       type ('linear' | 'log'), domain}.
//   heatmapRow(panels, options)   several heatmaps on ONE colour scale with one legend (e.g. exact
//       attention vs its approximation); resolveColorScale(grids, color) gives the shared scale.
//   colorLegend / swatchLegend   legend.ts    SVG legends, if a figure composes its own layout.
//   exportFigure({format, element, title, table, data, stamp})   export.ts   SVG/PNG/CSV/JSON (one figure's data).
//   makeStamp / csvText / jsonText / insertPngText   stamp.ts   DOM-free stamping (tested in Node).
//   formatNumber, DATA_COLORS, THEORY   figure-style.ts   shared look (light and dark palettes).
export { lineChart, seriesOf, wrapWithLegend, type LineChartOptions } from './lines';
export type { AxisOptions } from './line-axes';
export type { Ghost, Point, Series } from './series';
export { histogram, type HistogramOptions } from './histogram';
export { heatmap, heatmapRow, paintGrid, resolveColorScale, type HeatmapOptions, type HeatmapPanel } from './heatmap';
export { type Rule } from './overlays';
export { layoutLabels, type AxisMark } from './axis-marks';
export { colorLegend, stepLegend, swatchLegend, type LegendItem } from './legend';
export { colorDomain, colorLut, lutColor, ownRangeScale, rampPosition, type ColorScale } from './colormap';
export { downsampleMaxAbs, type Grid } from './downsample';
export { exportFigure, composeSvg, type ExportFormat } from './export';
export { makeStamp, type ExportStamp, type FigureData } from './stamp';
export { DATA_COLORS, INK, MARKER, MUTED, POPULATION_DASH, THEORY, formatNumber } from './figure-style';
