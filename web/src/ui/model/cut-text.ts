// SPDX-License-Identifier: Apache-2.0
// A text longer than a model's positions, cut at a word end: its longest start whose tokens fit. DOM-free; the tokens
// are counted by the model's own tokenizer (given as `count`), so the cut is found by halving, a few counts.

/** Where each word of `text` ends (a word: a run of characters that are not spaces). */
export function wordEnds(text: string): number[] {
  const ends: number[] = [];
  for (const match of text.matchAll(/\S+/g)) ends.push(match.index + match[0].length);
  return ends;
}

/**
 * The longest start of `text` that ends at a word end and gives at most `keep` tokens (`count`: tokens of a text,
 * which grow with it); the whole text when it fits, '' when not even its first word does.
 */
export async function cutToTokens(
  text: string,
  keep: number,
  count: (text: string) => Promise<number>,
): Promise<{ text: string; tokens: number }> {
  const whole = await count(text);
  if (whole <= keep) return { text, tokens: whole };
  const ends = wordEnds(text);
  // The first `fit` words give `tokens` ≤ keep; more than `over - 1` words give more.
  let fit = 0,
    tokens = 0,
    over = ends.length;
  while (over - fit > 1) {
    const mid = Math.floor((fit + over) / 2);
    const n = await count(text.slice(0, ends[mid - 1]));
    if (n <= keep) [fit, tokens] = [mid, n];
    else over = mid;
  }
  return { text: fit ? text.slice(0, ends[fit - 1]) : '', tokens };
}
