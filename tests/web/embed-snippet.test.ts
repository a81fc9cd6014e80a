// SPDX-License-Identifier: Apache-2.0
// The Embed dialog's snippets: the src is the link in embed mode with the chosen hide flags, every
// attribute is escaped, auto-height ships the host script and a measured fallback height, and the
// custom element's form includes its one script.
import { describe, expect, it } from 'vitest';
import {
  cssWidth,
  embedSnippet,
  embedAddress,
  estimatedHeight,
  type EmbedOptions,
} from '../../web/src/ui/embed/embed-snippet';
import { embedHash } from '../../web/src/state/url';

const HREF = 'https://example.org/attnlab/?x=1#exp=rank-n&v=2&beta=64&seed=1&hide=export&embed=0';
const base: EmbedOptions = {
  href: HREF,
  width: '100%',
  height: 'auto',
  fallbackHeight: 612,
  title: 'Rank "n"',
  hide: ['params'],
  lazy: true,
  kind: 'iframe',
};

describe('embed snippets', () => {
  it('sets embed=1 and replaces the hide list, keeping every other pair in order', () => {
    expect(embedHash('#exp=rank-n&v=2&seed=1&hide=export&embed=0', ['params', 'explain'])).toBe(
      '#exp=rank-n&v=2&seed=1&embed=1&hide=params,explain',
    );
    expect(embedHash('#exp=a&file=my%20file.csv', [])).toBe('#exp=a&file=my%20file.csv&embed=1');
    expect(embedAddress(HREF, [])).toBe('https://example.org/attnlab/#exp=rank-n&v=2&beta=64&seed=1&embed=1');
  });

  it('auto height: the iframe carries the fallback height, the marker and the host script beside the app', () => {
    const html = embedSnippet(base);
    expect(html).toContain(
      '<iframe ' +
        'src="https://example.org/attnlab/#exp=rank-n&amp;v=2&amp;beta=64&amp;seed=1&amp;embed=1&amp;hide=params"',
    );
    expect(html).toContain('title="attnlab: Rank &quot;n&quot;"');
    expect(html).toContain('height="612" loading="lazy"');
    expect(html).toContain('data-attnlab-auto-height');
    expect(html).toMatch(/\n<script src="https:\/\/example\.org\/attnlab\/attnlab-embed-host\.js" defer><\/script>$/);
  });

  it('fixed height: no script, the given height and width, no lazy attribute when not asked', () => {
    const html = embedSnippet({ ...base, height: 480, width: '700', lazy: false });
    expect(html).toContain('width="700" height="480"');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('loading=');
  });

  it('the custom element: one script include, then the tag', () => {
    const html = embedSnippet({ ...base, kind: 'element' });
    const [script, tag] = html.split('\n');
    expect(script).toBe('<script src="https://example.org/attnlab/attnlab-figure.js" defer></script>');
    expect(tag).toMatch(
      new RegExp(
        /^<attnlab-figure src="[^"]+embed=1&amp;hide=params" title="attnlab: Rank &quot;n&quot;" /.source +
          /height="auto" style="width:100%" loading="lazy"><\/attnlab-figure>$/.source,
      ),
    );
  });

  it('reads widths as a percentage or pixels, anything else as 100%', () => {
    expect(cssWidth('80%')).toBe('80%');
    expect(cssWidth('640')).toBe('640px');
    expect(cssWidth('640px')).toBe('640px');
    expect(cssWidth('100vw; color:red')).toBe('100%');
    expect(cssWidth('250%')).toBe('100%');
  });

  it('estimates a taller frame when more of the page is shown, never the old fixed 720', () => {
    const all = estimatedHeight([]);
    const bare = estimatedHeight(['text', 'export']);
    expect(bare).toBeLessThan(all);
    expect(all).not.toBe(720);
    expect(bare).toBeGreaterThan(360);
  });
});
