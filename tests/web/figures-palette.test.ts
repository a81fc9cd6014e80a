// SPDX-License-Identifier: Apache-2.0
// The series palette reads for everyone: enough contrast on its background, and every pair of the
// first six colours still tells apart for the three kinds of dichromacy (simulated with Machado,
// Oliveira & Fernandes 2009 at full severity, on linear RGB), measured as CIE76 ΔE in CIELAB (D65).
import { describe, expect, it } from 'vitest';
import { PALETTES } from '../../web/src/plots/figure-style';

type Rgb = [number, number, number];

const MACHADO: Record<'protanopia' | 'deuteranopia' | 'tritanopia', number[][]> = {
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
function linearRgb(hex: string): Rgb {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  return [m[1], m[2], m[3]].map((h) => toLinear(parseInt(h, 16) / 255)) as Rgb;
}
const luminance = ([r, g, b]: Rgb) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
function contrast(a: string, b: string): number {
  const [la, lb] = [luminance(linearRgb(a)), luminance(linearRgb(b))];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}
function simulate(matrix: number[][], rgb: Rgb): Rgb {
  return matrix.map((row) => Math.min(1, Math.max(0, row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2]))) as Rgb;
}
function lab([r, g, b]: Rgb): Rgb {
  const xyz = [
    (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
    0.2126 * r + 0.7152 * g + 0.0722 * b,
    (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883,
  ];
  const [fx, fy, fz] = xyz.map((t) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116));
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}
const deltaE = (a: Rgb, b: Rgb) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

// ΔE76 ≥ 15: a just-noticeable difference is about 2.3, and thin lines and small dots need several times
// a flat patch's difference to be told apart (Stone, Szafir & Setlur 2014, colour difference as a function
// of mark size); 15 is what the adjusted observable10 hues reach for dichromats. The palette it replaced
// had pairs 4–7 apart (blue and purple for a protanope, green and red for a deuteranope).
const MIN_DELTA_E = 15;
const CASES = [
  { name: 'light', palette: PALETTES.light, minContrast: 3 }, // lines on white: WCAG's 3:1 for graphics
  { name: 'dark', palette: PALETTES.dark, minContrast: 4.5 }, // on #15181d, as for text
] as const;

describe.each(CASES)('the $name palette', ({ palette, minContrast }) => {
  const first6 = palette.data.slice(0, 6);

  it(`has six distinct series colours, each at least ${minContrast}:1 against its background`, () => {
    expect(new Set(first6).size).toBe(6);
    for (const color of first6) expect(contrast(color, palette.background), color).toBeGreaterThanOrEqual(minContrast);
  });

  it.each(['normal', ...Object.keys(MACHADO)])(`keeps every pair ΔE ≥ ${MIN_DELTA_E} apart (%s vision)`, (vision) => {
    const seen = first6.map((c) =>
      lab(vision === 'normal' ? linearRgb(c) : simulate(MACHADO[vision as keyof typeof MACHADO], linearRgb(c))),
    );
    for (let i = 0; i < seen.length; i++) {
      for (let j = i + 1; j < seen.length; j++)
        expect(deltaE(seen[i], seen[j]), `${first6[i]} vs ${first6[j]}`).toBeGreaterThanOrEqual(MIN_DELTA_E);
    }
  });

  it('the simulation is not a no-op: red and green merge for a deuteranope', () => {
    const [red, green] = [linearRgb('#ff0000'), linearRgb('#00a000')].map((c) =>
      lab(simulate(MACHADO.deuteranopia, c)),
    );
    expect(deltaE(red, green)).toBeLessThan(deltaE(lab(linearRgb('#ff0000')), lab(linearRgb('#00a000'))) / 3);
  });
});
