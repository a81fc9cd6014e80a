// SPDX-License-Identifier: Apache-2.0
// Schema sanity for every registered experiment, and agreement with the core: what the panel and
// the URL accept is exactly what the core accepts (defaults run, bounds pass, one step beyond fails).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { schemaModules } from '../../scripts/schema-module.mjs';
import { differences } from '../e2e/compare.mjs';
import { Core, CoreError } from '../../web/src/engine/core';
import { loadCoreNode } from '../../web/src/engine/load-node';
import { EXPERIMENTS, FAMILY_LABELS } from '../../web/src/experiments';
import {
  defaults,
  RNG_SPEC,
  SEED_SPEC,
  toCoreParams,
  uploadsOf,
  type ExperimentMeta,
  type ParamSpec,
} from '../../web/src/experiments/schema';
import { SCHEMAS } from '../../web/src/experiments/generated';
import { RESERVED_KEYS, urlSpecs } from '../../web/src/state/url';
import { coerceValue, formatValue } from '../../web/src/state/values';

const cases = EXPERIMENTS.map((m) => [m.id, m] as const);
const cli = fileURLToPath(new URL('../../build/native/attnlab', import.meta.url));
const generated = fileURLToPath(new URL('../../web/src/experiments/generated/', import.meta.url));

describe('one declaration per parameter, in the core', () => {
  it(
    'the generated modules equal `attnlab --schema` and `--syntax`, ' +
      'one per experiment (run `npm run gen` after changing a schema)',
    () => {
      const schemas = JSON.parse(execFileSync(cli, ['--schema'], { encoding: 'utf8' }));
      const expected = schemaModules(schemas, JSON.parse(execFileSync(cli, ['--syntax'], { encoding: 'utf8' })));
      expect(readdirSync(generated).sort()).toEqual(Object.keys(expected).sort());
      for (const [name, text] of Object.entries(expected))
        expect(readFileSync(`${generated}${name}`, 'utf8'), name).toBe(text);
    },
  );

  it('the wasm module declares the same schemas as the native CLI', async () => {
    const core = await loadCoreNode();
    const native = JSON.parse(execFileSync(cli, ['--schema'], { encoding: 'utf8' }));
    expect(JSON.parse(core.module.listExperiments())).toEqual(native);
  });

  it('--help prints the same table natively and headless, and exits 0', async () => {
    const core = await loadCoreNode();
    for (const { id } of core.experiments()) {
      const native = execFileSync(cli, [id, '--help'], { encoding: 'utf8' });
      expect(native).toContain('key');
      expect(native).toContain('budget');
      // then, for an experiment that takes heads, the model's keys (model/model_request.hpp), as the core words them
      expect(core.module.experimentHelp(id) + core.module.modelRunHelp!(id)).toBe(native);
    }
  });

  it.each(cases)(
    '%s: the page, the headless runner and the native CLI give the same defaults (only seed=)',
    async (id, meta) => {
      const core = await loadCoreNode();
      const native = JSON.parse(
        execFileSync(cli, [id, 'seed=1'], { encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'pipe'] }),
      );
      const headless = core.run(id, { seed: 1 });
      const page = core.run(id, toCoreParams(defaults(meta))); // the page sends every value of its panel
      expect(differences(native, headless)).toEqual([]);
      expect(differences(native, page)).toEqual([]);
    },
    120_000,
  );
});

describe('registry', () => {
  it('has unique experiment ids, all known to the core, with a family label', async () => {
    const core = await loadCoreNode();
    const ids = EXPERIMENTS.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    const coreIds = core.experiments().map((e) => e.id);
    for (const meta of EXPERIMENTS) {
      expect(coreIds, meta.id).toContain(meta.id);
      expect(FAMILY_LABELS[meta.family], meta.family).toBeTruthy();
    }
  });
});

describe.each(cases)('%s schema', (_, meta: ExperimentMeta) => {
  it('keys are unique, URL-safe, not reserved and not the seed or the random stream (the codec adds them)', () => {
    const keys = meta.params.map((p) => p.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) {
      expect(key).toMatch(/^[A-Za-z][A-Za-z0-9_]*$/);
      expect(RESERVED_KEYS as readonly string[]).not.toContain(key);
      expect(key).not.toBe(SEED_SPEC.key);
      expect(key).not.toBe(RNG_SPEC.key);
    }
    expect(urlSpecs(meta).slice(-2)).toEqual([SEED_SPEC, RNG_SPEC]);
    expect(defaults(meta).seed).toBe(SEED_SPEC.default);
    expect(defaults(meta).rng).toBe('ziggurat'); // new links: the fast stream; old links are pinned to box-muller
  });

  it('every parameter has a label and help, and a default its own validation accepts', () => {
    for (const spec of urlSpecs(meta)) {
      expect(spec.label.trim(), spec.key).not.toBe('');
      expect(spec.help.trim(), spec.key).not.toBe('');
      expect(coerceValue(spec, formatValue(spec.default)).notice, spec.key).toBeUndefined();
      if (spec.kind !== 'enum' && spec.kind !== 'text') expect(spec.min, spec.key).toBeLessThan(spec.max);
      if (spec.kind === 'enum') expect(new Set(spec.options.map((o) => o.value)).size).toBe(spec.options.length);
      if (spec.kind === 'intList' || spec.kind === 'realList')
        expect(spec.default.length).toBeLessThanOrEqual(spec.maxCount);
    }
  });

  it('presets name known keys with valid values', () => {
    for (const preset of meta.presets ?? []) {
      for (const [key, value] of Object.entries(preset.values)) {
        const spec = meta.params.find((p) => p.key === key);
        expect(spec, `${preset.label}: ${key}`).toBeDefined();
        expect(coerceValue(spec!, formatValue(value!)).notice, `${preset.label}: ${key}`).toBeUndefined();
      }
    }
  });
});

describe('the schema matches the core', () => {
  let core: Core;
  beforeAll(async () => {
    core = await loadCoreNode();
  });

  /** Values that exercise one end of a parameter while the others keep their defaults. */
  function withValue(meta: ExperimentMeta, spec: ParamSpec, value: number | string | number[]) {
    return toCoreParams({ ...defaults(meta), [spec.key]: value });
  }

  function rejects(id: string, params: ReturnType<typeof toCoreParams>, key: string) {
    let error: unknown;
    try {
      core.plan(id, params);
    } catch (e) {
      error = e;
    }
    expect(error, `${key}=${params[key]} should be refused`).toBeInstanceOf(CoreError);
    expect((error as Error).message).toContain(key);
  }

  it.each(cases)('%s: the defaults are accepted', (id, meta) => {
    expect(core.plan(id, toCoreParams(defaults(meta))).jobs.length).toBeGreaterThan(0);
  });

  it.each(cases)('%s: both ends of every range are accepted, one step beyond is refused', (id, meta) => {
    for (const spec of meta.params) {
      if (spec.kind === 'enum') {
        for (const option of spec.options)
          expect(() => core.plan(id, withValue(meta, spec, option.value)), `${spec.key}=${option.value}`).not.toThrow();
        rejects(id, withValue(meta, spec, 'not-an-option'), spec.key);
        continue;
      }
      if (spec.kind === 'text') {
        // free text the experiment parses: the default runs, an overlong value is refused
        rejects(id, withValue(meta, spec, 'x'.repeat(spec.maxLength + 1)), spec.key);
        continue;
      }
      const integer = spec.kind === 'int' || spec.kind === 'intList';
      const list = spec.kind === 'intList' || spec.kind === 'realList';
      const open = spec.kind === 'real' || spec.kind === 'realList' ? spec : { minOpen: false, maxOpen: false };
      const beyond = integer ? 1 : Math.max(1e-9, (spec.max - spec.min) * 1e-6);
      const ends: [number, boolean][] = [
        [spec.min, !open.minOpen],
        [spec.max, !open.maxOpen],
        [spec.min - beyond, false],
        [spec.max + beyond, false],
      ];
      for (const [x, accepted] of ends) {
        const value = list ? [x] : x;
        // The memory budget may refuse the largest sizes; those refusals name "budget", not the key.
        if (accepted) {
          try {
            core.plan(id, withValue(meta, spec, value));
          } catch (e) {
            expect((e as Error).message, `${spec.key}=${x}`).toMatch(/budget/);
          }
        } else {
          rejects(id, withValue(meta, spec, value), spec.key);
        }
      }
    }
  });
});

describe("uploads: what a file replaces and its companion are the core's input rules", () => {
  it("every upload the page offers takes them from its rule, and names only the experiment's parameters", () => {
    let offered = 0;
    for (const meta of EXPERIMENTS) {
      const rules = SCHEMAS.find((s) => s.id === meta.id)!.inputs as readonly {
        name: string;
        replaces?: readonly string[];
        companion?: string;
        scaleParam?: string;
      }[];
      for (const upload of uploadsOf(meta)) {
        offered++;
        const rule = rules.find((r) => r.name === upload.input)!;
        expect(upload.replaces ?? [], `${meta.id}: ${upload.input}`).toEqual([...(rule.replaces ?? [])]);
        expect(upload.companion, `${meta.id}: ${upload.input}`).toBe(rule.companion);
        expect(upload.scaleParam, `${meta.id}: ${upload.input}`).toBe(rule.scaleParam);
        if (upload.scaleParam) expect(meta.params.map((p) => p.key)).toContain(upload.scaleParam);
        for (const key of upload.replaces ?? [])
          expect(
            meta.params.map((p) => p.key),
            `${meta.id}: ${upload.input} replaces ${key}`,
          ).toContain(key);
        if (upload.companion)
          expect(uploadsOf(meta).find((u) => u.input === upload.companion)?.companion).toBe(upload.input);
      }
    }
    expect(offered).toBeGreaterThanOrEqual(13); // sparse-approx 1, four rmt 1 each, two rank 4 each
    const sparse = uploadsOf(EXPERIMENTS.find((m) => m.id === 'sparse-approx')!)[0];
    expect(sparse.replaces).toEqual(['n', 'k', 'gamma']);
    const q = uploadsOf(EXPERIMENTS.find((m) => m.id === 'rank-interaction')!).find((u) => u.input === 'q')!;
    expect(q.companion).toBe('k');
    expect(q.scaleParam).toBe('scale');
  });
});
