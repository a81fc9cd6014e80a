// SPDX-License-Identifier: Apache-2.0
// A long text cut to a model's positions (ui/model/cut-text.ts): at a word end, the longest start that fits, the whole
// text when it fits, nothing when no word does; with a tokenizer that splits words into pieces and adds special tokens.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cutToTokens, wordEnds } from '../../web/src/ui/model/cut-text';

/** A stand-in tokenizer: [CLS] and [SEP] around, and each word in pieces of at most 3 characters. */
const count = async (text: string) =>
  2 + (text.match(/\S+/g) ?? []).reduce((sum, word) => sum + Math.ceil(word.length / 3), 0);

describe('cutting a text to a number of tokens', () => {
  it('finds word ends, spaces and newlines kept between words', () => {
    expect(wordEnds('  the cat\nsat ')).toEqual([5, 9, 13]);
    expect(wordEnds('   ')).toEqual([]);
  });

  it('keeps the whole text when it fits, and nothing when no word does', async () => {
    expect(await cutToTokens('the cat sat', 5, count)).toEqual({ text: 'the cat sat', tokens: 5 });
    expect(await cutToTokens('unbelievable', 3, count)).toEqual({ text: '', tokens: 0 });
  });

  it('cuts at a word end: the longest start that fits, one more word would not', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.stringMatching(/^[a-z]{1,9}$/), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 80 }),
        async (words, keep) => {
          const text = words.join(' ');
          const cut = await cutToTokens(text, keep, count);
          expect(cut.tokens).toBe(cut.text ? await count(cut.text) : 0);
          expect(cut.tokens).toBeLessThanOrEqual(keep);
          expect(text.startsWith(cut.text)).toBe(true);
          const kept = cut.text ? cut.text.split(' ').length : 0;
          expect(cut.text).toBe(words.slice(0, kept).join(' '));
          if (kept < words.length) expect(await count(words.slice(0, kept + 1).join(' '))).toBeGreaterThan(keep);
        },
      ),
    );
  });
});
