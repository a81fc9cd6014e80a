// SPDX-License-Identifier: Apache-2.0
// The page adds presentation only, and tsc (part of npm test) refuses a presentation that names a
// parameter the core does not declare, or that leaves one of its parameters without presentation.
// Each @ts-expect-error below must be an error, or tsc fails on the unused directive.
import { describe, expect, it } from 'vitest';
import { presentation } from '../../web/src/experiments/attention-map/params';
import type { Presentation, PresetOf } from '../../web/src/experiments/schema';

describe('presentations are checked against the core schema by tsc', () => {
  it('an unknown parameter, a missing one and an unknown enum option are type errors', () => {
    const extra: Presentation<'attention-map'> = {
      ...presentation,
      // @ts-expect-error: 'mask' is not a parameter of attention-map (it was renamed causal)
      mask: { label: 'Mask' },
    };
    // @ts-expect-error: 'px' (and every other parameter) lacks a presentation
    const missing: Presentation<'attention-map'> = { n: { label: 'n' } };
    const badOption: Presentation<'attention-map'> = {
      ...presentation,
      // @ts-expect-error: 'torus' is not one of the core's geometries
      geometry: { label: 'Geometry', options: { sphere: 'S', ball: 'B', gauss: 'G', torus: 'T' } },
    };
    // @ts-expect-error: presets may only name the experiment's parameters
    const preset: PresetOf<'sparse-dmin'> = { label: 'x', description: 'y', values: { tries: [1] } };
    expect([extra, missing, badOption, preset]).toHaveLength(4);
  });
});
