// SPDX-License-Identifier: Apache-2.0
// Range sliders beside number inputs: position 0…1000 ↔ value, linear or logarithmic (log1p when
// the range starts at 0, so β = 0 stays reachable). DOM-free, so the mapping tests in Node.
import type { IntSpec, RealSpec } from '../../experiments/schema';

export const SLIDER_STEPS = 1000;

export function sliderKind(spec: IntSpec | RealSpec): 'linear' | 'log' | 'none' {
  if (spec.slider) return spec.slider;
  if (!Number.isFinite(spec.max - spec.min) || spec.max - spec.min > 1e6) return 'none';
  return spec.min >= 0 && spec.max / Math.max(spec.min, 1) >= 100 ? 'log' : 'linear';
}

function forward(spec: IntSpec | RealSpec, x: number): number {
  if (sliderKind(spec) !== 'log') return x;
  return spec.min > 0 ? Math.log(x) : Math.log1p(x - spec.min);
}

function inverse(spec: IntSpec | RealSpec, t: number): number {
  if (sliderKind(spec) !== 'log') return t;
  return spec.min > 0 ? Math.exp(t) : spec.min + Math.expm1(t);
}

export function toSliderPosition(spec: IntSpec | RealSpec, value: number): number {
  const lo = forward(spec, spec.min),
    hi = forward(spec, spec.max);
  const clamped = Math.min(spec.max, Math.max(spec.min, value));
  return Math.round((SLIDER_STEPS * (forward(spec, clamped) - lo)) / (hi - lo));
}

/** Slider position → a tidy value: whole for ints, on the step (or 3 significant digits) for reals. */
export function fromSliderPosition(spec: IntSpec | RealSpec, position: number): number {
  const lo = forward(spec, spec.min),
    hi = forward(spec, spec.max);
  const x = inverse(spec, lo + ((hi - lo) * position) / SLIDER_STEPS);
  let value: number;
  if (spec.kind === 'int') value = Math.round(x);
  else if (spec.step) value = Number((Math.round(x / spec.step) * spec.step).toPrecision(12));
  else value = Number(x.toPrecision(3));
  return Math.min(spec.max, Math.max(spec.min, value));
}
