// SPDX-License-Identifier: Apache-2.0
// Open result… on hostile files (fast-check: the fuzz target of result files as the page reads them, JSON.parse then
// the wasm core's parser and shape checks; the core's parser alone is tests/fuzz/fuzz_json.cpp). Arbitrary text,
// arbitrary JSON, results built from each experiment's declared shape with any part replaced by arbitrary JSON, bare
// or in an envelope with arbitrary parameters, and each experiment's real (cheap) result with one value replaced, which
// reaches the experiment's own result checks: each is opened as one experiment or refused in one line naming the file,
// never a throw.
import fc from 'fast-check';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXPERIMENTS } from '../../web/src/experiments';
import { loadCoreNode } from '../../web/src/engine/load-node';
import { readResultText, type ShapeCheck } from '../../web/src/state/result-file';
import { APP_VERSION } from '../../web/src/version';
import shapes from '../fixtures/result-shapes.json';
import { cli, cliArgs, testSets } from './test-sets';

const core = await loadCoreNode();
const check: ShapeCheck = async (value) => core.resultMismatches(JSON.stringify(value));
const options = { registry: EXPERIMENTS, check };
const RUNS = 300;
const ids = EXPERIMENTS.map((m) => m.id);
type ResultReading = Awaited<ReturnType<typeof readResultText>>;

/** A value of one declared type ("int|null", "(number|null)[]", ...). */
function leaf(type: string): fc.Arbitrary<unknown> {
  if (type.endsWith('[]')) return fc.array(leaf(type.slice(0, -2).replace(/^\((.*)\)$/, '$1')), { maxLength: 3 });
  const one = (t: string): fc.Arbitrary<unknown> =>
    t === 'int'
      ? fc.integer()
      : t === 'number'
        ? fc.double()
        : t === 'bool'
          ? fc.boolean()
          : t === 'string'
            ? fc.string({ maxLength: 8 })
            : fc.constant(null);
  return fc.oneof(...type.split('|').map(one));
}

/** A value of `shape`, any part of it (one in forty) arbitrary JSON instead. */
function ofShape(shape: unknown): fc.Arbitrary<unknown> {
  let declared: fc.Arbitrary<unknown>;
  if (typeof shape === 'string') declared = leaf(shape);
  else if (Array.isArray(shape)) declared = fc.array(ofShape(shape[0]), { maxLength: 3 });
  else {
    const entries = Object.entries(shape as Record<string, unknown>).filter(([k]) => k !== '$nullable');
    declared = fc.record(Object.fromEntries(entries.map(([k, v]) => [k, ofShape(v)])));
  }
  return fc.oneof({ arbitrary: declared, weight: 39 }, { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 });
}

const results = fc.oneof(...Object.values(shapes as Record<string, unknown>).map(ofShape));
const envelope = fc.record({
  attnlab: fc.oneof(fc.constant(APP_VERSION), fc.string({ maxLength: 8 })),
  experiment: fc.oneof(fc.constantFrom(...ids), fc.string({ maxLength: 8 })),
  params: fc.oneof(
    fc.constant({}),
    fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 })),
    fc.jsonValue(),
  ),
  result: results,
});

/** Opened as one experiment, or refused in one line that starts with the file's name. */
function answered(reading: ResultReading): void {
  if (reading.ok) expect(ids).toContain(reading.opened.experimentId);
  else {
    expect(reading.error.startsWith('r.json: ')).toBe(true);
    expect(reading.error).not.toMatch(/[\n\r]/);
  }
}

/** Every place of a JSON value that holds a number, a string, a boolean or null (as a path of keys). */
function leaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  return [path];
}
function replaced(value: unknown, path: (string | number)[], by: unknown): unknown {
  if (path.length === 0) return by;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[path[0]] = replaced(copy[path[0]], path.slice(1), by);
  return copy;
}

describe('result files fuzzed: opened or refused in one line, never a throw', () => {
  it('arbitrary text and JSON', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.json({ maxDepth: 4 })), async (text) => {
        answered(await readResultText(text, 'r.json', options));
      }),
      { numRuns: RUNS },
    );
  });

  it("results of each experiment's shape, any part replaced, bare and in an envelope", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(results, envelope), async (value) => {
        answered(await readResultText(JSON.stringify(value), 'r.json', options));
      }),
      { numRuns: RUNS },
    );
  }, 120_000);

  it.skipIf(!existsSync(cli))(
    "each experiment's real result with one value replaced",
    async () => {
      const real = Object.entries(testSets()).map(([id, sets]) =>
        JSON.parse(execFileSync(cli, [id, ...cliArgs(sets.cheap)], { encoding: 'utf8', maxBuffer: 1 << 28 })),
      );
      const at = (value: unknown) => fc.constantFrom(...leaves(value));
      const by = fc.oneof(
        fc.constantFrom(1e308, -1e308, 0, -1, 2 ** 53, 0.5, null, '', true, [], {}),
        fc.double(),
        fc.integer(),
        fc.jsonValue({ maxDepth: 2 }),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...real).chain((value) => fc.tuple(fc.constant(value), at(value), by)),
          async ([value, path, with_]) =>
            answered(await readResultText(JSON.stringify(replaced(value, path, with_)), 'r.json', options)),
        ),
        { numRuns: RUNS },
      );
    },
    120_000,
  );
});
