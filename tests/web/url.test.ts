// SPDX-License-Identifier: Apache-2.0
// The URL codec (web/src/state/url.ts): round trips, clamping with notices, unknown keys and
// experiments, lists, text parameters (links across versions: url-versions.test.ts).
import { describe, expect, it } from 'vitest';
import { EXPERIMENTS } from '../../web/src/experiments';
import { defaults, type ExperimentMeta, type ParamSpec, type ParamValues } from '../../web/src/experiments/schema';
import { SCHEMA_VERSION } from '../../web/src/state/migrations';
import { APP_VERSION } from '../../web/src/state/app-version';
import { formatLink, parseLink, urlSpecs, type AppState } from '../../web/src/state/url';
import { coerceValue, formatValue } from '../../web/src/state/values';

const state = (meta: ExperimentMeta, values: ParamValues): AppState => ({
  experimentId: meta.id,
  values,
  embed: false,
  hide: [],
});

/** Deterministic uniform [0, 1) stream (mulberry32) so failures reproduce. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomValue(spec: ParamSpec, rnd: () => number): ParamValue {
  const number = (integer: boolean, min: number, max: number) => {
    const x = min + rnd() * (Math.min(max, min + 1e7) - min);
    return integer ? Math.round(x) : Number(x.toPrecision(1 + Math.floor(rnd() * 8)));
  };
  switch (spec.kind) {
    case 'int':
      return number(true, spec.min, spec.max);
    case 'real':
      return Math.min(spec.max, Math.max(spec.min, number(false, spec.min, spec.max)));
    case 'enum':
      return spec.options[Math.floor(rnd() * spec.options.length)].value;
    case 'intList':
    case 'realList': {
      const count = 1 + Math.floor(rnd() * spec.maxCount);
      return Array.from({ length: count }, () => number(spec.kind === 'intList', spec.min, spec.max));
    }
    case 'text':
      return ['mean', 'causal:0.5', 'prefix:2', 'ar:-0.3', '0.5,0.3,0.2', 'mean,0.5/0.5'][Math.floor(rnd() * 6)];
  }
}
type ParamValue = ParamValues[string];

// A registry with every kind of parameter, including lists and open bounds, for codec tests.
const LISTS: ExperimentMeta = {
  id: 'codec-lists' as ExperimentMeta['id'],
  family: 'test',
  title: 'Codec lists',
  summary: '',
  headline: () => [],
  figures: () => [],
  params: [
    { key: 'ns', label: 'n values', help: '', kind: 'intList', default: [128, 256], min: 8, max: 4096, maxCount: 4 },
    {
      key: 'eps',
      label: 'ε values',
      help: '',
      kind: 'realList',
      default: [0.5],
      min: 0,
      max: 1,
      minOpen: true,
      maxOpen: true,
      maxCount: 3,
    },
    { key: 'rate', label: 'rate', help: '', kind: 'real', default: 0.5, min: 0, max: 1, minOpen: true, step: 0.01 },
    {
      key: 'mode',
      label: 'mode',
      help: '',
      kind: 'enum',
      default: 'a',
      options: [
        { value: 'a', label: 'A' },
        { value: 'b c', label: 'B C' },
      ],
    },
  ],
};
const REGISTRY = [...EXPERIMENTS, LISTS];

describe('round trips', () => {
  it.each(REGISTRY.map((m) => [m.id, m] as const))(
    '%s: the default state writes only exp, v, app and the seed, and reads back',
    (_, meta) => {
      const link = formatLink(state(meta, defaults(meta)), REGISTRY);
      expect(link).toBe(`#exp=${meta.id}&v=${SCHEMA_VERSION}&app=${APP_VERSION}&seed=1`);
      const { state: back, notices } = parseLink(link, REGISTRY);
      expect(notices).toEqual([]);
      expect(back).toEqual(state(meta, defaults(meta)));
    },
  );

  it.each(REGISTRY.map((m) => [m.id, m] as const))(
    '%s: 200 random valid states survive the URL unchanged',
    (_, meta) => {
      const rnd = random(meta.id.length * 7919);
      for (let trial = 0; trial < 200; trial++) {
        const values: ParamValues = {};
        for (const spec of urlSpecs(meta)) {
          do
            values[spec.key] = randomValue(spec, rnd); // redraw the rare value that rounds onto an open end
          while (coerceValue(spec, formatValue(values[spec.key])).notice);
        }
        const link = formatLink(
          { ...state(meta, values), embed: rnd() < 0.3, hide: rnd() < 0.3 ? ['params'] : [] },
          REGISTRY,
        );
        const { state: back, notices } = parseLink(link, REGISTRY);
        expect(notices, link).toEqual([]);
        expect(back.values, link).toEqual(values);
      }
    },
  );

  it('writes readable links: commas unescaped, only what is needed escaped', () => {
    const link = formatLink(state(LISTS, { ...defaults(LISTS), ns: [512, 1024], mode: 'b c', seed: 5 }), REGISTRY);
    expect(link).toBe(`#exp=codec-lists&v=${SCHEMA_VERSION}&app=${APP_VERSION}&ns=512,1024&mode=b%20c&seed=5`);
    expect(parseLink(link, REGISTRY).state.values.mode).toBe('b c');
  });

  it('keeps embed and hide flags', () => {
    const meta = EXPERIMENTS[0];
    const link = formatLink({ ...state(meta, defaults(meta)), embed: true, hide: ['params', 'explain'] }, REGISTRY);
    expect(link).toMatch(/&embed=1&hide=params,explain$/);
    expect(parseLink(link, REGISTRY).state).toMatchObject({ embed: true, hide: ['params', 'explain'] });
  });
});

describe('bad values are replaced, each with a notice naming key, value and replacement', () => {
  const parse = (hash: string) => parseLink(hash, REGISTRY);

  it('clamps numbers above and below the range', () => {
    const { state: s, notices } = parse('#exp=attention-map&v=2&n=99999&beta=-3&seed=2');
    expect(s.values).toMatchObject({ n: 4096, beta: 0, seed: 2 });
    expect(notices).toEqual([
      expect.stringMatching(/^n: 99999 is above the maximum 4096; used 4096$/),
      expect.stringMatching(/^beta: -3 is below the minimum 0; used 0$/),
    ]);
  });

  it('rounds non-integers for integer parameters', () => {
    const { state: s, notices } = parse('#exp=attention-map&v=2&d=2.6');
    expect(s.values.d).toBe(3);
    expect(notices[0]).toMatch(/^d: 2\.6 is not an integer; used 3$/);
  });

  it('resets unparseable numbers and unknown options to the default', () => {
    const { state: s, notices } = parse('#exp=attention-map&v=2&n=lots&geometry=cube&seed=0x10');
    expect(s.values).toMatchObject({ n: 256, geometry: 'sphere', seed: 1 });
    expect(notices).toEqual([
      'n: "lots" is not a number; used the default 256',
      'geometry: "cube" is not one of sphere, ball, gauss; used the default sphere',
      'seed: "0x10" is not a number; used the default 1',
    ]);
  });

  it('moves values on an open end strictly inside', () => {
    const { state: s, notices } = parse('#exp=codec-lists&rate=0&eps=1');
    expect(s.values.rate).toBe(0.01); // one step inside
    expect((s.values.eps as number[])[0]).toBeLessThan(1);
    expect((s.values.eps as number[])[0]).toBeGreaterThan(0.99);
    expect(notices).toEqual([
      'rate: 0 is not above the exclusive minimum 0; used 0.01',
      'eps: 1 is not below the exclusive maximum 1 (used 0.999999)',
    ]);
  });

  it('ignores unknown keys and lists them', () => {
    const { state: s, notices } = parse('#exp=attention-map&v=2&n=64&colour=red&foo&seed=3');
    expect(s.values).toMatchObject({ n: 64, seed: 3 });
    expect(notices).toEqual(['Ignored unknown keys: colour, foo']);
  });

  it('falls back to the default experiment for an unknown id, keeping only the seed', () => {
    const { state: s, notices } = parse('#exp=no-such-thing&v=2&n=64&seed=11');
    expect(s.experimentId).toBe(EXPERIMENTS[0].id);
    expect(s.values).toEqual({ ...defaults(EXPERIMENTS[0]), seed: 11 });
    expect(notices[0]).toBe(`exp: unknown experiment "no-such-thing"; showing ${EXPERIMENTS[0].id} with its defaults`);
    expect(notices[1]).toBe('Ignored unknown key: n');
  });

  it('an empty or missing hash is the default state without notices', () => {
    for (const hash of ['', '#', '#&&']) {
      expect(parse(hash)).toEqual({ state: state(EXPERIMENTS[0], defaults(EXPERIMENTS[0])), notices: [] });
    }
  });

  it('never throws, and always yields values the schema accepts', () => {
    const rnd = random(99);
    const alphabet = 'exp=&v1n2,;%#?-.eE+ attention-mapcodec-listsnsepsratemode0123456789';
    for (let trial = 0; trial < 2000; trial++) {
      const length = Math.floor(rnd() * 60);
      const hash = '#' + Array.from({ length }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join('');
      const { state: s } = parseLink(hash, REGISTRY);
      const meta = REGISTRY.find((m) => m.id === s.experimentId)!;
      for (const spec of urlSpecs(meta))
        expect(coerceValue(spec, formatValue(s.values[spec.key])).notice, hash).toBeUndefined();
    }
  });
});

describe('lists', () => {
  const parse = (hash: string) => parseLink(hash, REGISTRY);

  it('parses comma-separated values, tolerating spaces and empty entries', () => {
    expect(parse('#exp=codec-lists&ns=512,%201024,,2048').state.values.ns).toEqual([512, 1024, 2048]);
  });

  it('drops non-numbers and clamps out-of-range entries, with one notice for the key', () => {
    const { state: s, notices } = parse('#exp=codec-lists&ns=4,x,9000');
    expect(s.values.ns).toEqual([8, 4096]);
    expect(notices).toEqual([
      'ns: 4 is below the minimum 8 (used 8); "x" is not a number ' +
        '(dropped); 9000 is above the maximum 4096 (used 4096)',
    ]);
  });

  it('keeps at most maxCount entries', () => {
    const { state: s, notices } = parse('#exp=codec-lists&ns=8,16,32,64,128,256');
    expect(s.values.ns).toEqual([8, 16, 32, 64]);
    expect(notices[0]).toMatch(/more than 4 entries/);
  });

  it('falls back to the default when nothing usable is left', () => {
    const { state: s, notices } = parse('#exp=codec-lists&ns=,x,');
    expect(s.values.ns).toEqual([128, 256]);
    expect(notices[0]).toMatch(/^ns: .* has no usable number; used the default 128,256$/);
  });
});

describe('open ends clamp the same way for a single value and a list', () => {
  it('eps2 = 1.5 becomes 0.95 (one step inside the exclusive maximum) in both sparse experiments', () => {
    const single = parseLink('#exp=sparse-approx&v=2&eps2=1.5&seed=1', EXPERIMENTS);
    const list = parseLink('#exp=sparse-dmin&v=2&eps2=1.5&seed=1', EXPERIMENTS);
    expect(single.state.values.eps2).toBe(0.95);
    expect(list.state.values.eps2).toEqual([0.95]);
    expect(single.notices.join(' ')).toContain('eps2');
    expect(list.notices.join(' ')).toContain('eps2');
  });
});

describe('file: only the name of an uploaded file travels', () => {
  const meta = EXPERIMENTS.find((m) => m.id === 'sparse-approx')!;
  it('round-trips the name and is not a parameter', () => {
    const link = formatLink({ ...state(meta, defaults(meta)), file: 'my pattern.csv' }, EXPERIMENTS);
    expect(link).toContain('file=my%20pattern.csv');
    const parsed = parseLink(link, EXPERIMENTS);
    expect(parsed.state.file).toBe('my pattern.csv');
    expect(parsed.notices).toEqual([]);
    expect(parsed.state.values).toEqual(defaults(meta));
  });
  it('is cleaned of control characters and cut to 120 characters; an empty name is dropped', () => {
    expect(parseLink(`#exp=sparse-approx&v=1&file=a%00b%0A${'x'.repeat(300)}`, EXPERIMENTS).state.file).toBe(
      `ab${'x'.repeat(118)}`,
    );
    expect(parseLink('#exp=sparse-approx&v=1&file=', EXPERIMENTS).state.file).toBeUndefined();
  });
});

describe('text parameters (R, pool): the core parses them; the codec keeps them link-safe', () => {
  const meta = EXPERIMENTS.find((m) => m.id === 'rmt-spectrum')!;
  it('round-trips readable text', () => {
    const values = { ...defaults(meta), R: 'ar:-0.6', pool: '0.5,0.3,0.2' };
    const link = formatLink(state(meta, values), EXPERIMENTS);
    expect(link).toContain('R=ar:-0.6');
    expect(link).toContain('pool=0.5,0.3,0.2');
    const back = parseLink(link, EXPERIMENTS);
    expect(back.notices).toEqual([]);
    expect(back.state.values).toEqual(values);
  });
  it('replaces text with a space, quote or = by the default, with a notice naming the key', () => {
    const bad = parseLink(`#exp=rmt-spectrum&v=${SCHEMA_VERSION}&R=prefix%203&pool=a%3Db&seed=1`, EXPERIMENTS);
    expect(bad.state.values.R).toBe('prefix:3');
    expect(bad.state.values.pool).toBe('mean');
    expect(bad.notices.map((n) => n.split(':')[0])).toEqual(['R', 'pool']);
  });
});
