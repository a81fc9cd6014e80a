// SPDX-License-Identifier: Apache-2.0
// oEmbed for every preset (scripts/build-oembed.mjs, run by the site build): dist/oembed/<slug>.json is a valid
// "rich" oEmbed response whose iframe opens the preset in embed mode, and dist/p/<slug>.html, the page a crawler reads,
// names it in its discovery <link> and sends a reader to the preset's link.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXPERIMENTS } from '../../web/src/experiments';
import { allPresetLinks } from '../../web/src/state/preset-links';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const presets = allPresetLinks(EXPERIMENTS);
const unescape = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe.skipIf(!existsSync(`${dist}oembed`))('oEmbed', () => {
  it.each(presets.map((p) => [p.slug, p] as const))('%s', (slug, p) => {
    const o = JSON.parse(readFileSync(`${dist}oembed/${slug}.json`, 'utf8'));
    expect(o).toMatchObject({ version: '1.0', type: 'rich', provider_name: 'attnlab', width: 700, height: 560 });
    expect(o.title).toContain(p.label);
    const src = unescape(/<iframe src="([^"]+)"/.exec(o.html)![1]);
    expect(src.endsWith(`${p.link}&embed=1`)).toBe(true);
    expect(o.thumbnail_url.endsWith(`gallery/${slug}.png`)).toBe(true);
    const page = readFileSync(`${dist}p/${slug}.html`, 'utf8');
    expect(page).toMatch(
      new RegExp(`<link rel="alternate" type="application/json\\+oembed" href="[^"]*oembed/${slug}\\.json"`),
    );
    expect(unescape(/http-equiv="refresh" content="0; url=([^"]+)"/.exec(page)![1])).toBe(`../${p.link}`);
    expect(page).toContain('og:image');
  });
});
