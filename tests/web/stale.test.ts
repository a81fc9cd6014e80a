// SPDX-License-Identifier: Apache-2.0
// Whether the shown result still describes the panel (web/src/ui/stale.ts): the page marks the
// figures stale exactly when some control's text does not give the value they were computed with.
import { describe, expect, it } from 'vitest';
import { attentionMap } from '../../web/src/experiments/attention-map';
import { defaults, type ParamValues } from '../../web/src/experiments/schema';
import { formatValue } from '../../web/src/state/values';
import { changedKeys } from '../../web/src/ui/stale';

const shown: ParamValues = { ...defaults(attentionMap), n: 300, beta: 20, seed: 7 };
/** The panel as the page writes it for `values`, with some controls edited. */
const panel =
  (edits: Record<string, string> = {}) =>
  (key: string) =>
    edits[key] ?? (shown[key] === undefined ? undefined : formatValue(shown[key]));

describe('stale results', () => {
  it('a panel showing the values the result came from is current', () => {
    expect(changedKeys(attentionMap, panel(), shown)).toEqual([]);
  });

  it('the same value written differently is still current (300 = 300.0 = 3e2)', () => {
    expect(changedKeys(attentionMap, panel({ n: '3e2', beta: '20.0' }), shown)).toEqual([]);
  });

  it('an edited value, the seed included, makes it stale and is named', () => {
    expect(changedKeys(attentionMap, panel({ n: '4096' }), shown)).toEqual(['n']);
    expect(changedKeys(attentionMap, panel({ seed: '8', geometry: 'ball' }), shown)).toEqual(['geometry', 'seed']);
  });

  it('text that does not validate as typed cannot be what the result ran with', () => {
    expect(changedKeys(attentionMap, panel({ n: 'abc' }), shown)).toEqual(['n']);
    expect(changedKeys(attentionMap, panel({ n: '99999' }), shown)).toEqual(['n']); // would be clamped
  });

  it('ignores parameters the panel has no control for', () => {
    expect(changedKeys(attentionMap, (key) => (key === 'n' ? '300' : undefined), shown)).toEqual([]);
  });
});
