// SPDX-License-Identifier: Apache-2.0
// Text from outside (a link's hide= list, a file's name) as the page keeps and shows it: repeated hide= names
// collapse (a 5,000-fold list does not survive into the rewritten link), and invisible characters that reorder or
// hide the text around them are written out, so a notice reads as written.
import { describe, expect, it } from 'vitest';
import { EXPERIMENTS } from '../../web/src/experiments';
import { fileName, formatLink, parseLink, showable } from '../../web/src/state/url';

describe('hide= from a link', () => {
  it('keeps each name once and says how many repeats it dropped; the rewritten link is short', () => {
    const hash = `#exp=rank-n&v=3&seed=1&hide=${Array(5000).fill('params').join(',')}`;
    const { state, notices } = parseLink(hash, EXPERIMENTS);
    expect(state.hide).toEqual(['params']);
    expect(notices.some((n) => n.includes('4999 repeated names ignored'))).toBe(true);
    expect(formatLink(state, EXPERIMENTS).length).toBeLessThan(100);
  });

  it('names at most three unknown names, each once, shortened', () => {
    const { state, notices } = parseLink(
      `#exp=rank-n&v=3&seed=1&hide=a,b,a,c,d,e,${'x'.repeat(300)},params`,
      EXPERIMENTS,
    );
    expect(state.hide).toEqual(['params']);
    const notice = notices.find((n) => n.startsWith('hide:'))!;
    expect(notice).toContain('"a", "b", "c" and 3 more are not one of');
    expect(notice.length).toBeLessThan(200);
  });
});

describe('names shown in notices', () => {
  it('write out bidirectional controls and zero-width marks, keep everything else', () => {
    expect(showable('\u202Egnp.exe')).toBe('⟨U+202E⟩gnp.exe');
    expect(showable('a\u200Bb\u2066c\u2069')).toBe('a⟨U+200B⟩b⟨U+2066⟩c⟨U+2069⟩');
    expect(showable('heads L3 H5 — μ².npy')).toBe('heads L3 H5 — μ².npy');
  });

  it('a file= name of U+202E characters from a link is shown escaped in the notice that asks for the file', () => {
    const name = fileName('\u202E\u202E\u202Eq.npy')!;
    expect(showable(name)).toBe('⟨U+202E⟩⟨U+202E⟩⟨U+202E⟩q.npy');
  });
});
