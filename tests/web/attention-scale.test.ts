// SPDX-License-Identifier: Apache-2.0
// The colour scale of a model head's attention (plots/colormap.ts ownRangeScale, used by ui/model/attention.ts): the
// head's own range, not 0…1, so a diffuse head is not one dark square; log with a positive floor (a causal head's
// masked zeros do not break it); a uniform head still has a range.
import { describe, expect, it } from 'vitest';
import { ownRangeScale as attentionScale } from '../../web/src/plots/colormap';

describe('the attention colour scale', () => {
  it('spans the head’s own values, linear', () => {
    const diffuse = Float64Array.from([0.2, 0.3, 0.25, 0.25]);
    expect(attentionScale(diffuse, false)).toEqual({ scheme: 'viridis', type: 'linear', domain: [0.2, 0.3] });
  });

  it('on a log scale starts at the smallest positive weight, masked zeros left below it', () => {
    const causal = Float64Array.from([1, 0, 0.01, 0.99]);
    const scale = attentionScale(causal, true);
    expect(scale.type).toBe('log');
    expect(scale.domain).toEqual([0.01, 1]);
  });

  it('keeps a range for a uniform head', () => {
    const uniform = new Float64Array(9).fill(1 / 3);
    const [lo, hi] = attentionScale(uniform, false).domain;
    expect(lo).toBe(0);
    expect(hi).toBeCloseTo(1 / 3);
    const [llo, lhi] = attentionScale(uniform, true).domain;
    expect(lhi / llo).toBeCloseTo(10);
  });
});
