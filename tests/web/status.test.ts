// SPDX-License-Identifier: Apache-2.0
// The status line's text (web/src/ui/shell/status.ts): the running text carries the elapsed time and the
// step's label, and notices and errors never echo a long bad value back at the user.
import { describe, expect, it } from 'vitest';
import { clipMessage, MAX_LINE_CHARS, MAX_VALUE_CHARS, runningText } from '../../web/src/ui/shell/status';

describe('running text', () => {
  it('shows the percentage, the elapsed seconds and, when given, what the step is doing', () => {
    expect(runningText(0.384, 12.34)).toBe('Running… 38 % · 12.3 s');
    expect(runningText(0.384, 53, 'singular values of a 4096 × 4096 matrix')).toBe(
      'Running… 38 % · 53.0 s · singular values of a 4096 × 4096 matrix',
    );
  });

  it('changes as time passes at a fixed fraction (a step that reports nothing does not look hung)', () => {
    const texts = [1.1, 1.4, 1.7, 2.0].map((s) => runningText(0.38, s));
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('clamps the fraction to 0 … 100 %', () => {
    expect(runningText(-1, 0)).toContain(' 0 %');
    expect(runningText(7, 0)).toContain(' 100 %');
  });
});

describe('notices and errors', () => {
  const longest = (text: string, ch: string) =>
    Math.max(0, ...(text.match(new RegExp(`${ch}+`, 'g')) ?? []).map((m) => m.length));

  it('cut a quoted bad value to ~80 characters with "…", keeping the key and what was used', () => {
    const line = clipMessage(
      `geometry: "${'x'.repeat(500)}" is not one of sphere, ball, gauss; used the default sphere`,
    );
    expect(longest(line, 'x')).toBeLessThan(MAX_VALUE_CHARS);
    expect(line).toContain('…"');
    expect(line.startsWith('geometry: "')).toBe(true);
    expect(line).toContain('used the default sphere');
    expect(line.length).toBeLessThanOrEqual(MAX_LINE_CHARS);
  });

  it('cut an unquoted huge value (a number the codec clamped) the same way', () => {
    const line = clipMessage(`n: ${'9'.repeat(300)} is above the maximum 4096; used 4096`);
    expect(longest(line, '9')).toBeLessThanOrEqual(MAX_VALUE_CHARS);
    expect(line).toContain('used 4096');
  });

  it('keep every line to one line of at most ~200 characters', () => {
    const keys = Array.from({ length: 60 }, (_, i) => `key${i}`).join(', ');
    const line = clipMessage(`Ignored unknown keys: ${keys}\nand more\r\nlines`);
    expect(line.length).toBeLessThanOrEqual(MAX_LINE_CHARS);
    expect(line).not.toMatch(/[\r\n]/);
    expect(line.endsWith('…')).toBe(true);
  });

  it('leave an ordinary message as it is', () => {
    const message = 'beta: -5 is below the minimum 0; used 0';
    expect(clipMessage(message)).toBe(message);
  });
});
