// SPDX-License-Identifier: Apache-2.0
// @vitest-environment happy-dom
// The paper-2 figures as readers see them, rendered (happy-dom) from real core results of every preset
// (at small sizes: what the figures show does not depend on d): at most 8 legend rows, each pooling in
// its own hue in every figure, threshold labels distinct and apart, heatmap axes in the quantities'
// units with ρ upwards as in the diagram beside it, and a snapshot of every figure's marks and words.
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../web/src/engine/core';
import type { AnyResult } from '../../web/src/experiments/generated';
import { loadCoreNode } from '../../web/src/engine/load-node';
import { EXPERIMENTS } from '../../web/src/experiments';
import { MAX_LEGEND_ROWS, poolColor } from '../../web/src/experiments/rmt/family';
import { defaults, toCoreParams, type ExperimentMeta, type ParamValues } from '../../web/src/experiments/schema';
import { markTextWidth } from '../../web/src/plots/axis-marks';
import { setPlotTheme } from '../../web/src/plots/figure-style';
import { legendRows, rowColor, rowLabel, summary } from './figure-marks';

/** Small sizes laid over each preset: the figures' structure depends on the poolings, R and τ, not on d. */
const CHEAP: Record<string, ParamValues> = {
  'rmt-spectrum': { d: 60 },
  'rmt-transition': { d: 40, seeds: 1 },
  'rmt-weights': { d: 40, sequences: 10 },
  'rmt-ridge': { d: 40, ntrain: 80, ntest: 80, seeds: 1 },
  'rmt-phase': {},
};
const WIDTH = 700;

interface Run {
  meta: ExperimentMeta;
  preset: string;
  values: ParamValues;
  result: AnyResult;
}
const runs: Run[] = [];
let core: Core;

beforeAll(async () => {
  core = await loadCoreNode(resolve('web/src/wasm')); // import.meta.url is not a file URL under happy-dom
  setPlotTheme(false);
  for (const meta of EXPERIMENTS.filter((m) => m.family === 'rmt')) {
    for (const preset of meta.presets ?? []) {
      const values = { ...defaults(meta), ...preset.values, ...CHEAP[meta.id] } as ParamValues;
      if (meta.id === 'rmt-ridge' && Array.isArray(values.mu2)) values.mu2 = values.mu2.slice(0, 2);
      runs.push({ meta, preset: preset.label, values, result: core.run(meta.id, toCoreParams(values)) });
    }
  }
});

function render(run: Run) {
  return run.meta
    .figures(run.result, run.values)
    .map((figure) => ({ figure, element: figure.render({ width: WIDTH }) as HTMLElement }));
}

/** The pooling a legend row names first, as the family's key ("causal (τ = 0)" → causal). */
function poolOfRow(label: string): string | undefined {
  const m = /^(mean|optimal|last token|custom|harmonic|causal \(τ = 0\)|eigenvalues of S, (\w+))/.exec(label);
  if (!m) return undefined;
  const word = m[2] ?? m[1];
  return word === 'last token' ? 'last' : word.startsWith('causal') ? 'causal' : word;
}

describe('paper-2 figures on every preset', () => {
  it('have at most 8 legend rows each', () => {
    for (const run of runs) {
      for (const { figure, element } of render(run))
        expect(legendRows(element).length, `${run.meta.id} / ${run.preset} / ${figure.id}`).toBeLessThanOrEqual(
          MAX_LEGEND_ROWS,
        );
    }
  });

  it('give each pooling the same hue in every figure, its own', () => {
    const seen = new Map<string, Set<string>>();
    for (const run of runs) {
      for (const { element } of render(run)) {
        for (const g of legendRows(element)) {
          const pool = poolOfRow(rowLabel(g));
          if (pool) seen.set(pool, (seen.get(pool) ?? new Set()).add(rowColor(g)));
        }
      }
    }
    expect([...seen.keys()].sort()).toEqual(expect.arrayContaining(['causal', 'mean', 'optimal']));
    for (const [pool, colors] of seen) expect([...colors], pool).toEqual([poolColor(pool)]);
    const hues = ['mean', 'causal', 'optimal', 'last', 'custom'].map(poolColor);
    expect(new Set(hues).size).toBe(hues.length);
  });

  it('label thresholds with distinct words that do not overlap', () => {
    for (const run of runs) {
      for (const { figure, element } of render(run)) {
        const labels = [...element.querySelectorAll('text.axis-mark-label')].map((t) => ({
          text: t.textContent ?? '',
          x: Number(t.getAttribute('x')),
          y: Number(t.getAttribute('y')),
          anchor: t.getAttribute('text-anchor'),
        }));
        const where = `${run.meta.id} / ${run.preset} / ${figure.id}`;
        expect(new Set(labels.map((l) => l.text)).size, where).toBe(labels.length);
        const boxes = labels.map((l) => {
          const w = markTextWidth(l.text),
            left = l.anchor === 'middle' ? l.x - w / 2 : l.x;
          return { left, right: left + w, top: l.y - 10, bottom: l.y + 2 };
        });
        for (let i = 0; i < boxes.length; i++) {
          for (let j = i + 1; j < boxes.length; j++) {
            const [a, b] = [boxes[i], boxes[j]];
            const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
            expect(apart, `${where}: "${labels[i].text}" and "${labels[j].text}"`).toBe(true);
          }
        }
      }
    }
  });

  it('draw no full-height threshold rules: thresholds are triangles on the frame', () => {
    const transition = runs.find((r) => r.meta.id === 'rmt-transition')!;
    for (const { element } of render(transition)) {
      expect(element.querySelectorAll('g.axis-mark path').length).toBeGreaterThanOrEqual(2);
      expect(element.querySelectorAll('line[stroke-dasharray="6 4"], g[stroke-dasharray="6 4"]').length).toBe(0);
    }
  });

  it('match their snapshots (marks, colours and words; no coordinates)', () => {
    const all: Record<string, unknown> = {};
    for (const run of runs) {
      for (const { figure, element } of render(run))
        all[`${run.meta.id} / ${run.preset} / ${figure.id}`] = summary(element);
    }
    expect(all).toMatchSnapshot();
  });
});

describe('rmt-phase', () => {
  const tickLabels = (svg: Element) =>
    [...svg.querySelectorAll('g[text-anchor="end"] text')].map((t) => ({
      value: Number(t.textContent),
      y: Number(/translate\([^,]+,([^)]+)\)/.exec(t.getAttribute('transform') ?? '')?.[1]),
    }));

  it('the overlap map has axes in δ or γ and ρ, not cells, with ρ upwards as in the diagram', () => {
    const run = runs.find((r) => r.meta.id === 'rmt-phase')!;
    const [phase, map] = render(run).map((f) => f.element);
    const frames = [phase.querySelector('svg:not(.legend)')!, map.querySelector('.heatmap-stage svg')!];
    for (const svg of frames) {
      const ticks = tickLabels(svg).filter((t) => Number.isFinite(t.value) && Number.isFinite(t.y));
      expect(ticks.length).toBeGreaterThan(2);
      const top = ticks.reduce((a, b) => (b.y < a.y ? b : a)),
        bottom = ticks.reduce((a, b) => (b.y > a.y ? b : a));
      expect(top.value).toBeGreaterThan(bottom.value);
    }
    const words = map.textContent ?? '';
    expect(words).not.toMatch(/cells/);
    expect(words).toMatch(/effective SNR ρ/);
  });

  it('the map is as wide as the column', () => {
    const run = runs.find((r) => r.meta.id === 'rmt-phase')!;
    const map = render(run)[1].element;
    expect(Number(map.querySelector('.heatmap-stage svg')!.getAttribute('width'))).toBe(WIDTH);
  });
});

describe('rmt-weights', () => {
  it('causal attention at τ = 0 and the harmonic weights are one line with one legend row naming both', () => {
    const run = runs.find(
      (r) =>
        r.meta.id === 'rmt-weights' && !('tau' in (r.meta.presets?.find((p) => p.label === r.preset)?.values ?? {})),
    )!;
    const rows = legendRows(render(run)[0].element).map(rowLabel);
    expect(rows).toContain('causal (τ = 0) = harmonic');
    expect(rows.filter((r) => /causal|harmonic/.test(r))).toHaveLength(1);
  });

  it('at τ = 1 they differ, and causal attention gets a hue of its own', () => {
    const run = runs.find((r) => r.meta.id === 'rmt-weights' && r.values.tau === 1)!;
    const rows = legendRows(render(run)[0].element);
    const causal = rows.find((g) => rowLabel(g) === 'causal attention')!,
      harmonic = rows.find((g) => rowLabel(g) === 'harmonic')!;
    expect(rowColor(causal)).not.toBe(rowColor(harmonic));
  });
});
