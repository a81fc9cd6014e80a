// SPDX-License-Identifier: Apache-2.0
// Text from an untrusted link or file picker, made safe to keep and to show.

/** A file name from an untrusted link or file picker: printable characters only, at most 120 of them. */
/**
 * Text from outside (a link, a file's name) as it may be shown: the invisible characters that reorder or hide the text
 * around them (bidirectional controls, zero-width marks) written out as ⟨U+202E⟩, so a notice reads as written.
 */
export function showable(text: string): string {
  return text.replace(
    /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g,
    (c) => `⟨U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}⟩`,
  );
}

export function fileName(text: string | undefined): string | undefined {
  // eslint-disable-next-line no-control-regex
  const clean = (text ?? '')
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 120);
  return clean || undefined;
}
