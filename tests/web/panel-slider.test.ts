// SPDX-License-Identifier: Apache-2.0
// Slider ↔ value mapping of the parameter panel (web/src/ui/panel/slider.ts).
import { describe, expect, it } from 'vitest';
import { attentionMap } from '../../web/src/experiments/attention-map';
import type { IntSpec, RealSpec } from '../../web/src/experiments/schema';
import { fromSliderPosition, sliderKind, SLIDER_STEPS, toSliderPosition } from '../../web/src/ui/panel/slider';

const spec = (key: string) => attentionMap.params.find((p) => p.key === key) as IntSpec | RealSpec;

describe('slider mapping', () => {
  it('picks log for ranges over decades, none for huge ranges, linear otherwise', () => {
    const base = { key: 'x', label: 'x', help: '' };
    expect(sliderKind({ ...base, kind: 'int', default: 1, min: 1, max: 1000 })).toBe('log');
    expect(sliderKind({ ...base, kind: 'real', default: 0.5, min: 0, max: 1 })).toBe('linear');
    expect(sliderKind({ ...base, kind: 'int', default: 1, min: 0, max: 2 ** 53 - 1 })).toBe('none');
    expect(sliderKind(spec('budget'))).toBe('none');
  });

  it.each(['n', 'd', 'beta', 'px'])('%s: the ends map to the bounds and the mapping is monotone', (key) => {
    const s = spec(key);
    expect(fromSliderPosition(s, 0)).toBe(s.min);
    expect(fromSliderPosition(s, SLIDER_STEPS)).toBe(s.max);
    let previous = -Infinity;
    for (let p = 0; p <= SLIDER_STEPS; p += 10) {
      const value = fromSliderPosition(s, p);
      expect(value).toBeGreaterThanOrEqual(previous);
      previous = value;
    }
  });

  it('ints come out whole, reals on their step; β = 0 is reachable on a log slider', () => {
    for (let p = 0; p <= SLIDER_STEPS; p += 37) {
      expect(Number.isInteger(fromSliderPosition(spec('n'), p))).toBe(true);
      const beta = fromSliderPosition(spec('beta'), p);
      expect(Math.abs(beta * 10 - Math.round(beta * 10))).toBeLessThan(1e-9);
    }
    expect(toSliderPosition(spec('beta'), 0)).toBe(0);
  });

  it('a value maps to a position that maps back close to it (within one slider step)', () => {
    for (const [key, value] of [
      ['n', 256],
      ['beta', 8],
      ['d', 3],
      ['px', 512],
    ] as const) {
      const s = spec(key);
      const back = fromSliderPosition(s, toSliderPosition(s, value));
      expect(Math.abs(Math.log1p(back) - Math.log1p(value)), key).toBeLessThan(
        (Math.log1p(s.max) - Math.log1p(s.min)) / SLIDER_STEPS + 0.05,
      );
    }
  });
});
