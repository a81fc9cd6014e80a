// SPDX-License-Identifier: Apache-2.0
// The DOM-free parts of the plots: colour LUTs and scales, max-|x| pooling (checked against the
// core's own pooling), legend ticks and number formatting. Rendering itself is looked at in the
// browser (and by the end-to-end tests); Node has no DOM here.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../web/src/engine/core';
import { loadCoreNode } from '../../web/src/engine/load-node';
import { colorDomain, colorLut, rampPosition } from '../../web/src/plots/colormap';
import { downsampleMaxAbs, pooledCellRange } from '../../web/src/plots/downsample';
import { wrapLabel } from '../../web/src/plots/legend';
import { extentOf, tagPlace, tagSide } from '../../web/src/plots/overlays';
import { formatNumber } from '../../web/src/plots/figure-style';
import { linearTicks, logTicks, niceLogTicks } from '../../web/src/plots/ticks';

const luminance = (lut: Uint8ClampedArray, i: number) =>
  0.2126 * lut[3 * i] + 0.7152 * lut[3 * i + 1] + 0.0722 * lut[3 * i + 2];

describe('colour LUT', () => {
  it('has 256 RGB entries with viridis at both ends', () => {
    const lut = colorLut('viridis');
    expect(lut.length).toBe(768);
    expect([...lut.subarray(0, 3)]).toEqual([0x44, 0x01, 0x54]);
    expect([...lut.subarray(765, 768)]).toEqual([0xfd, 0xe7, 0x25]);
  });

  it('viridis gets brighter along the ramp (perceptually ordered)', () => {
    const lut = colorLut('viridis');
    for (let i = 8; i < 256; i += 8) expect(luminance(lut, i)).toBeGreaterThan(luminance(lut, i - 8));
  });

  it('a diverging scheme is light in the middle and dark at both ends', () => {
    const lut = colorLut('rdbu');
    expect(luminance(lut, 128)).toBeGreaterThan(luminance(lut, 0) + 100);
    expect(luminance(lut, 128)).toBeGreaterThan(luminance(lut, 255) + 100);
  });
});

describe('colour scale position', () => {
  it('linear: ends map to 0 and 1, outside values clamp', () => {
    const at = rampPosition({ type: 'linear', domain: [2, 6] });
    expect([at(2), at(4), at(6), at(-1), at(99)]).toEqual([0, 0.5, 1, 0, 1]);
  });

  it('log: decades are evenly spaced; zero and negatives take the lowest colour', () => {
    const at = rampPosition({ type: 'log', domain: [1e-4, 1] });
    expect(at(1e-2)).toBeCloseTo(0.5, 12);
    expect(at(1e-3)).toBeCloseTo(0.25, 12);
    expect([at(0), at(-1), at(1e-9), at(5)]).toEqual([0, 0, 0, 1]);
  });

  it('a constant matrix still gets a colour (no division by zero)', () => {
    expect(rampPosition({ type: 'linear', domain: [3, 3] })(3)).toBe(0.5);
    expect(rampPosition({ type: 'log', domain: [0.25, 0.25] })(0.25)).toBe(1);
  });

  it('log domains cover at most the requested decades below the maximum', () => {
    expect(colorDomain([[0, 1e-9, 0.5, 2]], 'log')).toEqual([2e-4, 2]);
    expect(colorDomain([[0.01, 0.5]], 'log')).toEqual([0.01, 0.5]);
    expect(
      colorDomain(
        [
          [-3, 1],
          [5, NaN],
        ],
        'linear',
      ),
    ).toEqual([-3, 5]);
  });
});

describe('max-|x| pooling', () => {
  it('keeps the largest magnitude of each block, sign included', () => {
    const grid = { rows: 4, cols: 4, data: [1, 2, 0, 0, 3, -9, 0, 1, 0, 0, 0, 0, 0, 0, 0, 7] };
    expect(downsampleMaxAbs(grid, 2)).toEqual({ rows: 2, cols: 2, data: Float64Array.from([-9, 1, 0, 7]) });
  });

  it('is the identity when the grid already fits', () => {
    const grid = { rows: 3, cols: 5, data: new Float64Array(15) };
    expect(downsampleMaxAbs(grid, 3, 5)).toBe(grid);
  });

  it('handles sizes that do not divide evenly, like the core', () => {
    const grid = { rows: 5, cols: 5, data: Array.from({ length: 25 }, (_, k) => k) };
    const pooled = downsampleMaxAbs(grid, 2);
    expect([pooled.rows, pooled.cols]).toEqual([2, 2]);
    expect(Array.from(pooled.data)).toEqual([12, 14, 22, 24]);
    expect(pooledCellRange(pooled, 5, 5, 1, 1)).toEqual({ rows: [3, 4], cols: [3, 4] });
  });

  describe('against the core', () => {
    let core: Core;
    beforeAll(async () => {
      core = await loadCoreNode();
    });

    it("pooling the full matrix in the browser gives exactly the core's pooled heatmap", () => {
      const full = core.run('attention-map', { n: 70, beta: 20, px: 2048, seed: 5 }).heatmap;
      const coarse = core.run('attention-map', { n: 70, beta: 20, px: 16, seed: 5 }).heatmap;
      expect([full.rows, full.cols]).toEqual([70, 70]);
      const mine = downsampleMaxAbs(full, 16);
      expect([mine.rows, mine.cols]).toEqual([coarse.rows, coarse.cols]);
      expect(Array.from(mine.data)).toEqual(coarse.data);
    });
  });
});

describe('ticks and labels', () => {
  it('linear ticks are 1-2-5 steps inside the domain', () => {
    expect(linearTicks(0, 1)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(linearTicks(0.013, 0.087)).toEqual([0.02, 0.04, 0.06, 0.08]);
    expect(linearTicks(-5, 5)).toEqual([-4, -2, 0, 2, 4]);
  });

  it('log ticks are powers of ten, thinned, or the ends when less than a decade', () => {
    expect(logTicks(1e-4, 1)).toEqual([1e-4, 1e-3, 1e-2, 1e-1, 1]);
    expect(logTicks(1e-12, 1).length).toBeLessThanOrEqual(6);
    expect(logTicks(1e-12, 1).at(-1)).toBe(1);
    expect(logTicks(0.2, 0.5)).toEqual([0.2, 0.5]);
  });

  it('formats numbers compactly, with exponents only for very large or small values', () => {
    expect(['0', '5.55', '0.001', '1e-4', '2.22e-16', '1.23e+5'.replace('+', ''), '40.3']).toEqual(
      [0, 5.54518, 0.001, 1e-4, 2.220446e-16, 123456, 40.3463].map((v) => formatNumber(v)),
    );
  });

  it('wraps long legend labels at spaces', () => {
    expect(wrapLabel('sphere-law scale (1+β)^((d−1)/2) = 65, constant unknown', 24)).toEqual([
      'sphere-law scale',
      '(1+β)^((d−1)/2) = 65,',
      'constant unknown',
    ]);
  });

  it('extents skip values a log axis cannot show', () => {
    expect(extentOf([0, -1, 0.5, 4], true)).toEqual([0.5, 4]);
    expect(extentOf([NaN])).toBeUndefined();
  });
});

describe('1-2-5 log ticks (rank axes)', () => {
  it('name the small ranks too: 1, 2, 5, 10, 20, 50, … up to n', () => {
    expect(niceLogTicks(1, 256)).toEqual([1, 2, 5, 10, 20, 50, 100, 200]);
    expect(niceLogTicks(1, 256)[0]).toBeLessThan(50); // the linear axis it replaces started at 50
  });

  it('thin to 1-3 and then to powers of ten when the axis is narrow', () => {
    expect(niceLogTicks(1, 4096, 10)).toEqual([1, 3, 10, 30, 100, 300, 1000, 3000]);
    expect(niceLogTicks(1, 4096, 5)).toEqual([1, 10, 100, 1000]);
  });

  it('stay inside the range and are exact decimals', () => {
    for (const t of niceLogTicks(0.002, 0.7)) {
      expect(t).toBeGreaterThanOrEqual(0.002);
      expect(t).toBeLessThanOrEqual(0.7);
    }
    expect(niceLogTicks(0.002, 0.7)).toContain(0.02);
    expect(niceLogTicks(0, 10)).toEqual([]);
  });
});

describe('rule tags', () => {
  // A falling spectrum on log-log axes: high on the left, low on the right.
  const spectrum = Array.from({ length: 256 }, (_, k) => ({ x: k + 1, y: Math.exp(-k / 12) }));
  const extent = {
    x: [1, 256] as [number, number],
    y: [Math.exp(-255 / 12), 1] as [number, number],
    xLog: true,
    yLog: true,
    points: spectrum,
    width: 390,
    height: 330,
  };

  it('leave the top line where the curve passes it, and stay there otherwise', () => {
    const falling = tagPlace({ axis: 'x', value: 3, label: 'sphere law' }, false, extent);
    expect(falling.end === 'bottom' || falling.row > 0).toBe(true);
    const rising = { ...extent, points: spectrum.map((p) => ({ x: p.x, y: Math.exp(-(255 - p.x) / 12) })) };
    expect(tagPlace({ axis: 'x', value: 3, label: 'sphere law' }, false, rising)).toEqual({
      end: 'top',
      before: false,
      row: 0,
    });
  });

  it('stay at the top on the preferred side when nothing is drawn near the rule', () => {
    expect(tagPlace({ axis: 'x', value: 3, label: 'ln n' }, true, { ...extent, points: [] })).toEqual({
      end: 'top',
      before: true,
      row: 0,
    });
  });

  it('move to the other side of the rule, or a line further in, when both ends of the preferred side are taken', () => {
    // Points fill the top and the bottom lines just left of x = 100, nothing right of it.
    const walls = [0.02, 0.98].flatMap((y) => Array.from({ length: 20 }, (_, i) => ({ x: 80 + i, y })));
    const linear = {
      x: [0, 200] as [number, number],
      y: [0, 1] as [number, number],
      points: walls,
      width: 390,
      height: 330,
    };
    const place = tagPlace({ axis: 'x', value: 100, label: 'Chebyshev' }, true, linear);
    expect(place.before === false || place.row > 0).toBe(true);
    // A full column of points left of the rule: only the other side is free.
    const column = Array.from({ length: 100 }, (_, i) => ({ x: 85 + (i % 15), y: i / 100 }));
    expect(tagPlace({ axis: 'x', value: 100, label: 'Chebyshev' }, true, { ...linear, points: column }).before).toBe(
      false,
    );
  });

  it('never leave the frame: a rule at its left edge keeps its tag after it, however many points are there', () => {
    const crowded = {
      x: [1, 256] as [number, number],
      y: [0, 1] as [number, number],
      xLog: true,
      width: 390,
      height: 330,
      points: Array.from({ length: 30 }, (_, i) => ({ x: 1 + i / 10, y: i % 2 })),
    };
    expect(tagPlace({ axis: 'x', value: 1, label: 'sphere law' }, true, crowded).before).toBe(false);
  });

  it('of a horizontal rule go to the end of the frame its curves leave free', () => {
    const falling = {
      x: [0, 10] as [number, number],
      y: [1e-4, 2] as [number, number],
      yLog: true,
      width: 390,
      height: 330,
      points: Array.from({ length: 11 }, (_, k) => ({ x: k, y: 2 * 10 ** (-k / 2.5) })),
    };
    // A falling curve crosses the tolerance 0.05 at x = 4, on the left: the tag goes right; a rising one crosses it on
    // the right.
    expect(tagSide({ axis: 'y', value: 0.05, label: 'output tolerance 0.05' }, true, falling)).toBe('right');
    const rising = { ...falling, points: falling.points.map((p) => ({ x: 10 - p.x, y: p.y })) };
    expect(tagSide({ axis: 'y', value: 0.05, label: 'output tolerance 0.05' }, true, rising)).toBe('left');
  });
});
