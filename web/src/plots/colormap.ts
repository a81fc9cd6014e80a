// SPDX-License-Identifier: Apache-2.0
// 256-entry colour lookup tables and the value → LUT index mapping (linear or log) that the canvas
// heatmap and its legend share. DOM-free: the colours come from Plot's schemes via Plot.scale.
import * as Plot from '@observablehq/plot';

/** 256 × RGB bytes. */
type Lut = Uint8ClampedArray;
type ColorScaleType = 'linear' | 'log';

export interface ColorScale {
  /** Any sequential or diverging Plot scheme name: 'viridis' for magnitudes, 'rdbu' for signed values. */
  scheme: string;
  type: ColorScaleType;
  /** [low, high]; values outside take the end colours. For 'log', low must be > 0. */
  domain: [number, number];
}

const lutCache = new Map<string, Lut>();

function parseColor(text: string): [number, number, number] {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(text);
  if (hex) return [parseInt(hex[1], 16), parseInt(hex[2], 16), parseInt(hex[3], 16)];
  const rgb = /rgb\((\d+),\s*(\d+),\s*(\d+)\)/.exec(text);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  throw new Error(`unparseable colour from the scheme: ${text}`);
}

export function colorLut(scheme: string): Lut {
  let lut = lutCache.get(scheme);
  if (!lut) {
    const scale = Plot.scale({ color: { type: 'linear', scheme: scheme as Plot.ColorScheme, domain: [0, 255] } });
    lut = new Uint8ClampedArray(256 * 3);
    for (let i = 0; i < 256; i++) lut.set(parseColor(String(scale.apply(i))), 3 * i);
    lutCache.set(scheme, lut);
  }
  return lut;
}

export function lutColor(lut: Lut, index: number): string {
  const i = 3 * Math.max(0, Math.min(255, Math.round(index)));
  return `rgb(${lut[i]}, ${lut[i + 1]}, ${lut[i + 2]})`;
}

/** A function from a value to its position in [0, 1] along the colour ramp (clamped; NaN → 0). */
export function rampPosition(scale: Pick<ColorScale, 'type' | 'domain'>): (value: number) => number {
  const [lo, hi] = scale.domain;
  if (scale.type === 'log') {
    const a = Math.log(lo),
      span = Math.log(hi) - a;
    return (v) => (v > 0 && span > 0 ? Math.min(1, Math.max(0, (Math.log(v) - a) / span)) : v >= hi && hi > 0 ? 1 : 0);
  }
  const span = hi - lo;
  return (v) => (span > 0 ? Math.min(1, Math.max(0, (v - lo) / span)) : Number.isNaN(v) ? 0 : 0.5);
}

/** The extent of the data for a colour scale; for 'log', the floor is max/1e4 or the smallest positive value. */
export function colorDomain(values: ArrayLike<number>[], type: ColorScaleType, logDecades = 4): [number, number] {
  let lo = Infinity,
    hi = -Infinity,
    minPositive = Infinity;
  for (const data of values) {
    for (let i = 0; i < data.length; i++) {
      const v = data[i];
      if (!Number.isFinite(v)) continue;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
      if (v > 0 && v < minPositive) minPositive = v;
    }
  }
  if (!Number.isFinite(hi)) return type === 'log' ? [1e-4, 1] : [0, 1];
  if (type === 'log') {
    if (!(hi > 0)) return [1e-4, 1];
    return [Math.max(minPositive, hi / 10 ** logDecades), hi];
  }
  return [lo, hi];
}

/**
 * A scale over the values' own range (a diffuse attention head is not one dark square on 0…1), linear or log (its
 * floor the smallest positive value, at most 4 decades down); a constant gets a range still.
 */
export function ownRangeScale(values: ArrayLike<number>, log: boolean, scheme = 'viridis'): ColorScale {
  const type = log ? 'log' : 'linear';
  const [lo, hi] = colorDomain([values], type);
  const domain: [number, number] = hi > lo ? [lo, hi] : log ? [hi / 10, hi] : [0, Math.max(hi, 1e-12)];
  return { scheme, type, domain };
}
