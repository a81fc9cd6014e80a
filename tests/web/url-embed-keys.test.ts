// SPDX-License-Identifier: Apache-2.0
// The link keys of figure embeds and repeated keys (web/src/state/url.ts): a key given twice is named,
// fig= and controls= round-trip, controls= keeps only the experiment's parameters, and an odd fig= entry
// is dropped with a short notice.
import { describe, expect, it } from 'vitest';
import { EXPERIMENTS } from '../../web/src/experiments';
import { SCHEMA_VERSION } from '../../web/src/state/migrations';
import { formatLink, parseLink } from '../../web/src/state/url';

describe('keys given twice, fig= and controls= (figure embeds)', () => {
  it('a repeated key keeps its last value and the notice names it', () => {
    const { state, notices } = parseLink(`#exp=attention-map&v=${SCHEMA_VERSION}&n=16&n=32&seed=1&seed=2`, EXPERIMENTS);
    expect(state.values.n).toBe(32);
    expect(state.values.seed).toBe(2);
    expect(notices).toEqual(['n, seed: given more than once in the link; the last value is used']);
  });
  it('fig= and controls= round-trip; controls= keeps only parameters of the experiment and names the rest', () => {
    const { state, notices } = parseLink(
      `#exp=attention-map&v=${SCHEMA_VERSION}&seed=1&embed=1&fig=singular-values,heatmap&controls=beta,zzz,n`,
      EXPERIMENTS,
    );
    expect(state.fig).toEqual(['singular-values', 'heatmap']);
    expect(state.controls).toEqual(['beta', 'n']);
    expect(notices).toEqual([expect.stringMatching(/^controls: "zzz" is not one of n, .*beta/)]);
    const again = parseLink(formatLink(state, EXPERIMENTS), EXPERIMENTS);
    expect(again.state).toEqual(state);
    expect(again.notices).toEqual([]);
  });
  it('a fig= entry that is no plain name is dropped with a notice that echoes at most 40 characters of it', () => {
    const { state, notices } = parseLink(
      `#exp=attention-map&v=${SCHEMA_VERSION}&seed=1&fig=${'<svg/onload=x>'.repeat(10)}`,
      EXPERIMENTS,
    );
    expect(state.fig).toBeUndefined();
    expect(notices).toHaveLength(1);
    expect(notices[0].length).toBeLessThan(120);
  });
});
