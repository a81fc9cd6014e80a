// SPDX-License-Identifier: Apache-2.0
// The head atlas's colours: a quantity that takes integer values (a dimension, a rank, a certificate) gets one colour
// per integer, from the palette's ends inwards, and a legend of those integers; a real-valued one a linear ramp.
// Undefined values (a head the core could not measure) are left out of the range.

/** `steps`: the integers, each its own colour (integer quantities over at most MAX_STEPS values). */
interface AtlasScale {
  domain: [number, number];
  steps?: number[];
}

/** More integers than this: a ramp with integer ticks (too many colours to tell apart). */
const MAX_STEPS = 12;

export function atlasScale(values: readonly number[]): AtlasScale {
  const known = values.filter(Number.isFinite);
  if (!known.length) return { domain: [0, 1] };
  const lo = Math.min(...known),
    hi = Math.max(...known);
  if (known.every(Number.isInteger) && hi - lo + 1 <= MAX_STEPS)
    return { domain: [lo, hi], steps: Array.from({ length: hi - lo + 1 }, (_, i) => lo + i) };
  return { domain: lo === hi ? [lo - 0.5, hi + 0.5] : [lo, hi] };
}

/** Where value `v` sits along the palette, 0…1 (an integer step: its rank among the steps, 0.5 for a single one). */
export function atlasPosition(scale: AtlasScale, v: number): number {
  const [lo, hi] = scale.domain;
  if (scale.steps) return scale.steps.length === 1 ? 0.5 : (Math.round(v) - lo) / (hi - lo);
  return Math.min(1, Math.max(0, (v - lo) / (hi - lo)));
}
