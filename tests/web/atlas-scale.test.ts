// SPDX-License-Identifier: Apache-2.0
// The head atlas's colours (rank-zoo/atlas-scale.ts): integer quantities in integer steps (27…30 is four colours, not a
// ramp stretched over fractions), a wide integer range or real values as a ramp; undefined values left out.
import { describe, expect, it } from 'vitest';
import { atlasPosition, atlasScale } from '../../web/src/experiments/rank/rank-zoo/atlas-scale';

describe('the head atlas colour scale', () => {
  it('gives each integer of a narrow range its own step, evenly along the palette', () => {
    const scale = atlasScale([27, 30, 28, 29, 30]);
    expect(scale.steps).toEqual([27, 28, 29, 30]);
    expect([27, 28, 29, 30].map((v) => atlasPosition(scale, v))).toEqual([0, 1 / 3, 2 / 3, 1]);
  });

  it('leaves undefined values out, and puts a single value in the middle', () => {
    const scale = atlasScale([Number.NaN, 5, 5]);
    expect(scale.steps).toEqual([5]);
    expect(atlasPosition(scale, 5)).toBe(0.5);
    expect(atlasScale([Number.NaN]).domain).toEqual([0, 1]);
  });

  it('uses a ramp for real values and for more integers than colours a reader can tell apart', () => {
    expect(atlasScale([0.2, 0.7]).steps).toBeUndefined();
    expect(atlasScale([0, 40]).steps).toBeUndefined();
    expect(atlasScale([0, 40]).domain).toEqual([0, 40]);
    expect(atlasScale([1.5, 1.5]).domain).toEqual([1, 2]);
  });
});
