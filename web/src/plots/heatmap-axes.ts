// SPDX-License-Identifier: Apache-2.0
// The heatmap frame's axes: a value axis in the quantity's own units, or an index axis (cell indices or names).
import * as Plot from '@observablehq/plot';
import { formatNumber } from './figure-style';
import { linearTicks } from './ticks';

/** A linear axis in the quantity's own units over [lo, hi] (the outer cell edges). */
export function valueAxis(domain: [number, number], label: string | undefined): Plot.ScaleOptions {
  return {
    domain,
    label,
    labelAnchor: 'center',
    labelArrow: 'none',
    ticks: linearTicks(domain[0], domain[1], 6),
    tickFormat: (d: number) => formatNumber(d, 3),
  };
}

/** Index-axis ticks: cell centres labelled by index for small matrices, whole-number boundaries otherwise. */
export function indexAxis(
  size: number,
  label: string | undefined,
  first = 0,
  names?: readonly string[],
): Plot.ScaleOptions {
  const common = { domain: [0, size], label, labelAnchor: 'center', labelArrow: 'none' } as const;
  if (names?.length === size) {
    // at most about 40 names, each at its cell's centre
    const stride = Math.max(1, Math.ceil(size / 40));
    const short = (t: string) => (t.length > 10 ? `${t.slice(0, 9)}…` : t);
    return {
      ...common,
      ticks: Array.from({ length: Math.ceil(size / stride) }, (_, k) => k * stride + 0.5),
      tickFormat: (d: number) => short(names[Math.round(d - 0.5)] ?? ''),
    };
  }
  if (size <= 24) {
    const stride = size <= 12 ? 1 : 2;
    return {
      ...common,
      ticks: Array.from({ length: Math.ceil(size / stride) }, (_, k) => k * stride + 0.5),
      tickFormat: (d: number) => String(d - 0.5 + first),
    };
  }
  return {
    ...common,
    ticks: linearTicks(0, size, 6).filter(Number.isInteger),
    tickFormat: (d: number) => String(d + first),
  };
}
