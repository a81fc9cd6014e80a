// SPDX-License-Identifier: Apache-2.0
// Whether the shown result still describes the page's state (web/src/ui/panel/stale.ts): the page marks the figures
// stale exactly when some value of the link's state, or text the panel holds that is not a valid value, is not what
// they were computed with.
import { describe, expect, it } from 'vitest';
import { attentionMap } from '../../web/src/experiments/attention-map';
import { defaults, type ParamValues } from '../../web/src/experiments/schema';
import { changedKeys } from '../../web/src/ui/panel/stale';

const shown: ParamValues = { ...defaults(attentionMap), n: 300, beta: 20, seed: 7 };

describe('stale results', () => {
  it('a state holding the values the result came from is current', () => {
    expect(changedKeys(attentionMap, { ...shown }, [], shown)).toEqual([]);
  });

  it('the same number is still current (300 = 300.0)', () => {
    expect(changedKeys(attentionMap, { ...shown, n: 300.0, beta: 20.0 }, [], shown)).toEqual([]);
  });

  it('an edited value, the seed included, makes it stale and is named, in the panel’s order', () => {
    expect(changedKeys(attentionMap, { ...shown, n: 4096 }, [], shown)).toEqual(['n']);
    expect(changedKeys(attentionMap, { ...shown, seed: 8, geometry: 'ball' }, [], shown)).toEqual(['geometry', 'seed']);
  });

  it('a field holding text that is not a valid value cannot be what the result ran with', () => {
    expect(changedKeys(attentionMap, { ...shown }, ['n'], shown)).toEqual(['n']);
  });

  it('a value set on one side only is a change; unset on both is not', () => {
    const { beta: _beta, ...withoutBeta } = shown;
    expect(changedKeys(attentionMap, withoutBeta, [], shown)).toEqual(['beta']);
    expect(changedKeys(attentionMap, withoutBeta, [], withoutBeta)).toEqual([]);
  });
});
