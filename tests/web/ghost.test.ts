// SPDX-License-Identifier: Apache-2.0
// @vitest-environment happy-dom
// "Compare with previous run" (ui/results/ghost.ts): the previous run faded behind a line chart. Checks the
// chart (ghost marks under the current ones, in the series' own colours, one legend row naming the
// old values), the memory (which run is whose ghost) and that every experiment's line figures pass
// the ghost on to their chart (a view that drops it would show no comparison).
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../web/src/engine/core';
import { loadCoreNode } from '../../web/src/engine/load-node';
import { EXPERIMENTS } from '../../web/src/experiments';
import { defaults, toCoreParams, type ExperimentMeta, type ParamValues } from '../../web/src/experiments/schema';
import { lineChart, seriesOf, type Series } from '../../web/src/plots';
import { DATA_COLORS, setPlotTheme } from '../../web/src/plots/figure-style';
import { GhostMemory, ghostLabel } from '../../web/src/ui/results/ghost';
import { testSets } from './test-sets';

const series = (shift: number): Series[] => [
  { label: 'simulation', points: [1, 2, 3, 4].map((x) => ({ x, y: x * x + shift })) },
  { label: 'theory', style: 'theory', points: [1, 2, 3, 4].map((x) => ({ x, y: x * x + shift + 0.5 })) },
];
const ghostGroups = (el: Element) => [...el.querySelectorAll('svg g.ghost')];

describe('a line chart with a ghost', () => {
  beforeAll(() => setPlotTheme(false));

  it('draws the previous run faded, under the current marks, in the same colours, with a legend row', () => {
    const el = lineChart(series(0), { width: 600, ghost: { series: series(5), label: 'faded: previous run, β = 4' } });
    const plot = el.lastElementChild as Element; // the chart; the legend comes first
    const ghosts = [...plot.querySelectorAll('g.ghost')];
    expect(ghosts.length).toBe(3); // the data line, its dots and the theory line
    const marks = [...plot.querySelectorAll('g.ghost, g.sim, g.theory')];
    expect(marks.findIndex((g) => !g.classList.contains('ghost'))).toBe(ghosts.length); // ghosts first: drawn underneath
    for (const g of ghosts)
      expect(Number(g.getAttribute('stroke-opacity') ?? g.getAttribute('fill-opacity'))).toBeLessThan(0.5);
    expect(
      ghosts.some((g) => g.getAttribute('stroke') === DATA_COLORS[0] || g.getAttribute('fill') === DATA_COLORS[0]),
    ).toBe(true);
    const legend = [...el.querySelectorAll('[role=listitem].ghost')];
    expect(legend.map((row) => row.textContent)).toEqual(['faded: previous run, β = 4']);
  });

  it('without a ghost draws none, and remembers only its own series', () => {
    const plain = lineChart(series(0), { width: 600 });
    expect(ghostGroups(plain)).toEqual([]);
    const withGhost = lineChart(series(0), { width: 600, ghost: { series: series(5), label: 'x' } });
    expect(seriesOf(withGhost)?.map((s) => s.points[0].y)).toEqual([1, 1.5]);
  });

  it('has no legend row when no ghost point can be drawn (a log axis and non-positive values)', () => {
    const el = lineChart(series(1), {
      width: 600,
      y: { type: 'log' },
      ghost: { series: [{ label: 's', points: [{ x: 1, y: -1 }] }], label: 'gone' },
    });
    expect([...el.querySelectorAll('[role=listitem].ghost')]).toEqual([]);
  });
});

describe('which run is the ghost', () => {
  const meta = EXPERIMENTS.find((m) => m.id === 'attention-map') as ExperimentMeta;
  const other = EXPERIMENTS.find((m) => m.id === 'rank-beta') as ExperimentMeta;
  const drawn = (shift: number) => {
    const body = document.createElement('div');
    body.append(lineChart(series(shift), { width: 400 }));
    return [{ id: 'singular-values', body }];
  };
  const beta = (b: number): ParamValues => ({ ...defaults(meta), beta: b });

  it('is the last finished run while the values differ from it, named by its values', () => {
    const memory = new GhostMemory();
    memory.prepare(meta, beta(4));
    expect(memory.ghostFor('singular-values')).toBeUndefined(); // nothing before the first run
    memory.remember(meta, beta(4), drawn(0));
    memory.prepare(meta, beta(9));
    const ghost = memory.ghostFor('singular-values');
    expect(ghost?.series[0].points[0].y).toBe(1);
    expect(ghost?.label).toMatch(/previous run.*= 4$/);
    memory.remember(meta, beta(9), drawn(5));
    memory.prepare(meta, beta(9)); // the same run drawn again (partial, live theory): the same ghost
    expect(memory.ghostFor('singular-values')?.series[0].points[0].y).toBe(1);
    memory.prepare(meta, beta(16)); // the next edit: the run before is the ghost now
    expect(memory.ghostFor('singular-values')?.series[0].points[0].y).toBe(6);
    expect(memory.ghostFor('no-such-figure')).toBeUndefined();
  });

  it('is nothing for the same values, another experiment, or after a reset', () => {
    const memory = new GhostMemory();
    memory.remember(meta, beta(4), drawn(0));
    memory.prepare(meta, beta(4));
    expect(memory.ghostFor('singular-values')).toBeUndefined();
    memory.prepare(other, defaults(other));
    expect(memory.ghostFor('singular-values')).toBeUndefined();
    memory.prepare(meta, beta(9));
    expect(memory.ghostFor('singular-values')).toBeDefined();
    memory.reset();
    memory.prepare(meta, beta(16));
    expect(memory.ghostFor('singular-values')).toBeUndefined();
  });

  it('names at most three changed values', () => {
    const before = { ...defaults(meta), beta: 4, n: 128, d: 2, seed: 3 };
    const label = ghostLabel(meta, before, defaults(meta));
    expect(label.split(', ').length).toBe(5); // "faded: previous run", three values, "1 more"
    expect(label).toMatch(/1 more$/);
  });
});

/** Small sizes (each experiment's declared view set): which figures are line charts does not depend on them. */
const SETS = testSets();

describe('every line figure passes the ghost to its chart', () => {
  let core: Core;
  beforeAll(async () => {
    core = await loadCoreNode(resolve('web/src/wasm'));
    setPlotTheme(false);
  });

  it.each(EXPERIMENTS.map((m) => [m.id, m] as const))('%s', (_id, meta) => {
    const keys = new Set(meta.params.map((p) => p.key));
    const cheap = Object.fromEntries(Object.entries(SETS[meta.id]?.view ?? {}).filter(([k]) => keys.has(k)));
    const values = { ...defaults(meta), ...(meta.presets?.[0]?.values ?? {}), ...cheap } as ParamValues;
    const result = core.run(meta.id, toCoreParams(values));
    let lineFigures = 0;
    for (const figure of meta.figures(result, values)) {
      const plain = figure.render({ width: 600 }) as HTMLElement;
      const own = seriesOf(plain.matches('.plot-figure') ? plain : plain.querySelector('.plot-figure'));
      if (!own) continue; // not a line chart: a heatmap, a histogram or a table
      lineFigures++;
      const shifted = own.map((s) => ({ ...s, points: s.points.map((p) => ({ ...p, y: p.y * 1.01 })) }));
      const withGhost = figure.render({
        width: 600,
        ghost: { series: shifted, label: 'faded: previous run' },
      }) as HTMLElement;
      expect(ghostGroups(withGhost).length, `${meta.id}/${figure.id}`).toBeGreaterThan(0);
    }
    expect(lineFigures, `${meta.id} has a line figure`).toBeGreaterThanOrEqual(1);
  });
});
