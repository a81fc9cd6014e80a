// SPDX-License-Identifier: Apache-2.0
// The files attached to a run as one value (ui/uploads/uploads.ts), not the panel's closures: a file chosen by hand
// replaces a refusal and drops what its earlier bundle filled in its companion; a bundle fills only a free field.
import { describe, expect, it } from 'vitest';
import {
  chosenByHand,
  chosenIn,
  cleared,
  filledFromCompanion,
  freeForCompanion,
  NO_UPLOADS,
  refusedIn,
  type ChosenFile,
} from '../../web/src/ui/uploads/uploads';

const file = (name: string, input: string): ChosenFile => ({
  name,
  input,
  array: { shape: [1], sparse: false, values: new Float64Array(1) },
});

describe('uploads', () => {
  it('a bundle under q fills a free k; a new q drops that k, and says so', () => {
    let u = chosenByHand(NO_UPLOADS, 'q', file('b.json', 'q'), undefined, 'k').uploads;
    expect(freeForCompanion(u, 'k')).toBe(true);
    u = filledFromCompanion(u, 'k', file('b.json', 'k'));
    expect(chosenIn(u, ['q', 'k']).map((c) => `${c.input}:${c.name}`)).toEqual(['q:b.json', 'k:b.json']);
    expect(freeForCompanion(u, 'k')).toBe(true); // a later bundle may replace it
    const next = chosenByHand(u, 'q', file('c.npy', 'q'), undefined, 'k');
    expect(next.dropped).toBe(true);
    expect(chosenIn(next.uploads, ['q', 'k']).map((c) => c.name)).toEqual(['c.npy']);
  });

  it('a k chosen by hand is never replaced by a bundle, and a refusal holds until the field changes', () => {
    const k = chosenByHand(NO_UPLOADS, 'k', file('k.npy', 'k'), undefined, 'q').uploads;
    expect(freeForCompanion(k, 'k')).toBe(false);
    const refused = chosenByHand(k, 'q', undefined, 'bad.npy', 'k').uploads;
    expect(refusedIn(refused, ['q', 'k'])).toEqual(['bad.npy']);
    expect(chosenIn(refused, ['q', 'k']).map((c) => c.name)).toEqual(['k.npy']);
    expect(refusedIn(cleared(refused, 'q'), ['q', 'k'])).toEqual([]);
    expect(NO_UPLOADS).toEqual({ chosen: {}, refused: {}, fromCompanion: [] }); // never mutated
  });
});
