// SPDX-License-Identifier: Apache-2.0
// The label layout of axis marks (thresholds on a frame's edge): placed labels never overlap, stay
// inside the frame, and the more important ones win when room runs out.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { layoutLabels, markTextWidth } from '../../web/src/plots/axis-marks';
import { spreadLabels } from '../../web/src/plots/end-labels';

const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }, gap: number) =>
  a.start < b.end + gap && b.start < a.end + gap;

describe('axis-mark labels', () => {
  it('stacked thresholds (today\'s "pop causal" over "pop optimal") go to a second row, then out', () => {
    const tags = ['causal', 'optimal', 'mean'];
    const requests = tags.map((t, i) => ({ at: 200 + i * 3, size: markTextWidth(t) }));
    const { placed, dropped } = layoutLabels(requests, [56, 684], 2);
    expect(placed.map((p) => p.row).sort()).toEqual([0, 1]);
    expect(dropped).toHaveLength(1);
  });

  it('labels far apart all stay in the first row, centred on their marks', () => {
    const { placed } = layoutLabels(
      [
        { at: 100, size: 30 },
        { at: 300, size: 30 },
      ],
      [0, 400],
      2,
    );
    expect(placed).toEqual([
      { index: 0, row: 0, start: 85, end: 115 },
      { index: 1, row: 0, start: 285, end: 315 },
    ]);
  });

  it("a label at the frame's end is moved inside it rather than cut", () => {
    const { placed } = layoutLabels([{ at: 398, size: 40 }], [0, 400], 1);
    expect(placed[0]).toMatchObject({ start: 360, end: 400 });
  });

  it('priority decides who keeps the row: the sample threshold over the population one', () => {
    const { placed, dropped } = layoutLabels(
      [
        { at: 100, size: 40, priority: 0 },
        { at: 104, size: 40, priority: 1 },
      ],
      [0, 400],
      1,
    );
    expect(placed.map((p) => p.index)).toEqual([1]);
    expect(dropped).toEqual([0]);
  });

  it('never overlaps, never leaves the bounds, and every label is either placed or dropped (property)', () => {
    const request = fc.record({
      at: fc.double({ min: 0, max: 600, noNaN: true }),
      size: fc.double({ min: 5, max: 120, noNaN: true }),
      priority: fc.integer({ min: 0, max: 2 }),
    });
    fc.assert(
      fc.property(fc.array(request, { maxLength: 14 }), fc.integer({ min: 1, max: 3 }), (requests, rows) => {
        const gap = 4;
        const { placed, dropped } = layoutLabels(requests, [0, 600], rows, gap);
        expect(placed.length + dropped.length).toBe(requests.length);
        for (const p of placed) {
          expect(p.start).toBeGreaterThanOrEqual(-1e-9);
          expect(p.end).toBeLessThanOrEqual(600 + 1e-9);
          expect(p.row).toBeLessThan(rows);
        }
        for (let i = 0; i < placed.length; i++) {
          for (let j = i + 1; j < placed.length; j++)
            if (placed[i].row === placed[j].row) expect(overlaps(placed[i], placed[j], gap - 1e-9)).toBe(false);
        }
      }),
    );
  });
});

describe('line-end labels', () => {
  it('stay where they are when apart, and move apart as little as needed when not', () => {
    expect(spreadLabels([50, 150], 14, [0, 300])).toEqual([50, 150]);
    expect(spreadLabels([100, 104], 14, [0, 300])).toEqual([100, 114]);
  });

  it('never overlap and stay inside the frame when there is room (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -50, max: 350, noNaN: true }), { maxLength: 12 }), (wanted) => {
        const centres = [...spreadLabels(wanted, 14, [0, 300])].sort((a, b) => a - b);
        for (let i = 1; i < centres.length; i++) expect(centres[i] - centres[i - 1]).toBeGreaterThanOrEqual(14 - 1e-9);
        for (const c of centres) {
          expect(c).toBeGreaterThanOrEqual(7 - 1e-9);
          expect(c).toBeLessThanOrEqual(293 + 1e-9);
        }
      }),
    );
  });
});
