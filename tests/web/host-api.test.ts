// SPDX-License-Identifier: Apache-2.0
// The host-page API's check of a set (web/src/ui/embed/host-api.ts): values as in a link, all or nothing, the first
// bad one named with its range; unknown names listed with the known ones.
import { describe, expect, it } from 'vitest';
import { EXPERIMENTS } from '../../web/src/experiments';
import { defaults } from '../../web/src/experiments/schema';
import type { AppState } from '../../web/src/state/url';
import { checkParams } from '../../web/src/ui/embed/host-api';

const meta = EXPERIMENTS.find((m) => m.id === 'attention-map')!;
const state: AppState = {
  experimentId: meta.id,
  values: { ...defaults(meta), seed: 1 },
  embed: true,
  hide: [],
  api: true,
};

describe('host API: set', () => {
  it('applies values given as numbers or as link text', () => {
    const checked = checkParams(state, { beta: 12, n: '256', seed: 5 });
    expect(checked).toEqual({ values: { ...state.values, beta: 12, n: 256, seed: 5 } });
  });

  it('refuses the first unusable value by name, so nothing is applied', () => {
    const bad = checkParams(state, { n: 128, beta: 'lots' });
    expect(bad).toMatchObject({ key: 'beta' });
    expect('error' in bad && bad.error).toMatch(/beta/);
    const outOfRange = checkParams(state, { n: 1e9 });
    expect(outOfRange).toMatchObject({ key: 'n' });
    expect('error' in outOfRange && outOfRange.error).toMatch(/n/);
  });

  it('names an unknown parameter with the known ones, and refuses what is not an object of values', () => {
    const unknown = checkParams(state, { temperature: 2 });
    expect(unknown).toMatchObject({ key: 'temperature' });
    expect('error' in unknown && unknown.error).toMatch(/not a parameter of attention-map \(.*beta.*\)/);
    for (const params of [null, 'beta=4', [1, 2], 7]) expect(checkParams(state, params)).toHaveProperty('error');
    expect(checkParams(state, { beta: { x: 1 } })).toMatchObject({ key: 'beta' });
  });
});
