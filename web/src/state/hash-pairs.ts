// SPDX-License-Identifier: Apache-2.0
// A location hash as its key–value pairs: readable encoding of one part, the split into ordered pairs, and the keys
// given more than once.
import type { LinkPairs } from './migrations';

// Readable links: commas and the usual punctuation stay as they are.
export function encodePart(text: string): string {
  return encodeURIComponent(text).replace(/%2C/gi, ',').replace(/%3A/gi, ':');
}

function decodePart(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** Splits `#a=1&b=2` into ordered pairs; a repeated key keeps its last value. */
export function splitHash(hash: string): LinkPairs {
  const pairs: LinkPairs = new Map();
  const body = hash.replace(/^#/, '').replace(/^\?/, '');
  for (const part of body.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const key = decodePart(eq < 0 ? part : part.slice(0, eq));
    pairs.set(key, eq < 0 ? '' : decodePart(part.slice(eq + 1)));
  }
  return pairs;
}

/** Keys a link gives more than once (the command line refuses them; a link keeps the last and says so). */
export function repeatedKeys(hash: string): string[] {
  const seen = new Set<string>(),
    repeated = new Set<string>();
  for (const part of hash.replace(/^#/, '').replace(/^\?/, '').split('&')) {
    if (!part) continue;
    const key = decodePart(part.split('=')[0]);
    if (seen.has(key)) repeated.add(key.slice(0, 40));
    seen.add(key);
  }
  return [...repeated];
}
