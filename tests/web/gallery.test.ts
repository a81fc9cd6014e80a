// SPDX-License-Identifier: Apache-2.0
// The gallery lists every preset exactly once, as the link the Reproduce bar opens, grouped by the
// paper its family reproduces; first visits without a link (or #gallery) see it, any link opens the lab.
import { describe, expect, it } from 'vitest';
import { EXPERIMENTS } from '../../web/src/experiments';
import { FAMILY_PAPER } from '../../web/src/experiments/citations';
import { allPresetLinks } from '../../web/src/state/preset-links';
import { parseLink } from '../../web/src/state/url';
import { galleryGroups, wantsLanding } from '../../web/src/ui/shell/landing';

describe('gallery', () => {
  const groups = galleryGroups();
  const cards = groups.flatMap((g) => g.cards);

  it("has one card per preset, each in its family's group, citing that family's paper", () => {
    const presets = EXPERIMENTS.reduce((n, m) => n + (m.presets?.length ?? 0), 0);
    expect(cards.length).toBe(presets);
    expect(new Set(cards.map((c) => c.link)).size).toBe(presets);
    expect(new Set(cards.map((c) => c.slug)).size).toBe(presets);
    for (const g of groups) {
      expect(g.paper).toBe(FAMILY_PAPER[g.family]);
      for (const c of g.cards) expect(EXPERIMENTS.find((m) => m.id === c.experimentId)?.family).toBe(g.family);
    }
    expect(groups.map((g) => g.family)).toEqual(['attention', 'sparse', 'rmt', 'rank']);
  });

  it("links each card to exactly its preset's values, with no notice", () => {
    for (const c of allPresetLinks(EXPERIMENTS)) {
      const parsed = parseLink(c.link, EXPERIMENTS);
      expect(parsed.notices, c.slug).toEqual([]);
      expect(parsed.state.experimentId).toBe(c.experimentId);
      expect(parsed.state.values).toEqual(c.values);
      expect(c.slug).toMatch(/^[a-z0-9-]+$/);
    }
  });

  it('is what a visit without a link sees; any experiment link opens the lab', () => {
    for (const hash of ['', '#', '#gallery']) expect(wantsLanding(hash)).toBe(true);
    for (const hash of ['#exp=rank-n', '#exp=attention-map&v=2&seed=1', '#v=2']) expect(wantsLanding(hash)).toBe(false);
  });
});
