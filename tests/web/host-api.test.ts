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

  it('says that nothing was applied, never which value a link would have used instead', () => {
    const refusals = [{ n: 1e9 }, { n: 1000.5 }, { n: 'abc' }, { beta: -1 }, { n: '1,2' }, { geometry: 'cube' }].map(
      (params) => {
        const checked = checkParams(state, params);
        return 'error' in checked ? checked.error : '';
      },
    );
    expect(refusals).toEqual([
      'n: 1000000000 is above the maximum 4096; nothing was applied',
      'n: 1000.5 is not an integer; nothing was applied',
      'n: "abc" is not a number; nothing was applied',
      'beta: -1 is below the minimum 0; nothing was applied',
      'n: "1,2" is not a number; nothing was applied',
      expect.stringMatching(/^geometry: "cube" is not one of .*; nothing was applied$/),
    ]);
    for (const refusal of refusals) expect(refusal).not.toMatch(/used|dropped|kept/);
    const rankBeta = EXPERIMENTS.find((m) => m.id === 'rank-beta')!;
    const listState = { ...state, experimentId: rankBeta.id, values: { ...defaults(rankBeta), seed: 1 } };
    expect(checkParams(listState, { betas: '1,x,-2' })).toEqual({
      key: 'betas',
      error: 'betas: "x" is not a number; -2 is not above the exclusive minimum 0; nothing was applied',
    });
    expect(checkParams(listState, { betas: Array.from({ length: 20 }, (_, i) => i + 1) })).toEqual({
      key: 'betas',
      error: 'betas: more than 16 entries; nothing was applied',
    });
  });

  it('names an unknown parameter with the known ones, and refuses what is not an object of values', () => {
    const unknown = checkParams(state, { temperature: 2 });
    expect(unknown).toMatchObject({ key: 'temperature' });
    expect('error' in unknown && unknown.error).toMatch(/not a parameter of attention-map \(.*beta.*\)/);
    for (const params of [null, 'beta=4', [1, 2], 7]) expect(checkParams(state, params)).toHaveProperty('error');
    expect(checkParams(state, { beta: { x: 1 } })).toMatchObject({ key: 'beta' });
  });
});
