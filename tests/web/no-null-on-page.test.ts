// SPDX-License-Identifier: Apache-2.0
// The page never prints "null", "NaN", "undefined" or "Infinity" as a number. The core writes a value it
// did not compute (a bound that does not apply, a certificate not run) as JSON null; every view must show
// such a value as "—", not as the word. Checked on every shipped preset result (dist/precomputed), as is
// and with each scalar number of the result replaced by null in turn: the headline and each figure's
// table and summary stay readable.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { AnyResult } from '../../web/src/experiments/generated';
import { loadCoreNode } from '../../web/src/engine/load-node';
import { hasDeclaredKeys } from '../../web/src/experiments/result-shape';
import { EXPERIMENTS } from '../../web/src/experiments';
import { allPresetLinks } from '../../web/src/state/preset-links';
import { parseLink } from '../../web/src/state/url';

const shipped = fileURLToPath(new URL('../../dist/precomputed/', import.meta.url));
const index = existsSync(`${shipped}index.json`)
  ? (JSON.parse(readFileSync(`${shipped}index.json`, 'utf8')) as { presets: Record<string, string> })
  : undefined;
const WORD = /\b(null|NaN|undefined)\b|Infinity/;

/** Paths of every scalar number outside arrays (the headline's numbers and the figures' settings). */
function scalarPaths(value: unknown, path: string[] = []): string[][] {
  if (typeof value === 'number') return [path];
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([key, v]) => scalarPaths(v, [...path, key]));
}

/** The result with one number set to null: on purpose not of its declared type (the views must cope all the same). */
function withNull(result: AnyResult, path: string[]): AnyResult {
  const copy = structuredClone(result);
  let at: unknown = copy;
  for (const key of path.slice(0, -1)) at = (at as Record<string, unknown>)[key];
  (at as Record<string, unknown>)[path[path.length - 1]] = null;
  return copy;
}

function shownText(id: string, result: AnyResult, values: Record<string, unknown>): string[] {
  const meta = EXPERIMENTS.find((m) => m.id === id)!;
  const texts = meta.headline(result, values as never).map((item) => `${item.label}: ${item.value}`);
  for (const figure of meta.figures(result, values as never)) {
    const table = figure.table();
    texts.push(
      ...table.rows
        .slice(0, 50)
        .map((row: unknown[]) => row.map((cell) => (typeof cell === 'number' ? '' : String(cell))).join(' ')),
    );
  }
  return texts;
}

const core = await loadCoreNode();

describe('no null, NaN or undefined on the page', () => {
  it('the shipped preset results exist (build the site first)', () => expect(index).toBeDefined());
  const presets = allPresetLinks(EXPERIMENTS);
  it.each(presets.map((p) => [p.experimentId, p.label, p] as const))(
    '%s "%s": as shipped and with each scalar set to null',
    (id, _label, preset) => {
      const file = index?.presets[preset.link];
      if (!file) return;
      const text = gunzipSync(readFileSync(`${shipped}${file}`)).toString('utf8');
      // Every shipped result has its experiment's declared shape, as the core judges it, and the page's guard takes it.
      expect(core.resultMismatches(text)[id], file).toBe('');
      const result: unknown = JSON.parse(text);
      const { state } = parseLink(preset.link, EXPERIMENTS);
      const meta = EXPERIMENTS.find((m) => m.id === id)!;
      if (!hasDeclaredKeys(meta.id, result)) throw new Error(`${file}: the page's guard refuses a ${id} result`);
      for (const text of shownText(id, result, state.values)) expect(text).not.toMatch(WORD);
      for (const path of scalarPaths(result)) {
        const texts = shownText(id, withNull(result, path), state.values);
        for (const text of texts) expect(text, `with ${path.join('.')} = null`).not.toMatch(WORD);
      }
    },
  );
});
