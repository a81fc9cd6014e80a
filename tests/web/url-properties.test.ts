// SPDX-License-Identifier: Apache-2.0
// Property tests of the URL codec (fast-check, 1000+ cases each): decoding never throws, a decoded
// state is always within its schema, and encode ∘ decode is the identity on valid states.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXPERIMENTS } from '../../web/src/experiments';
import type { ExperimentMeta, ParamSpec, ParamValue } from '../../web/src/experiments/schema';
import { formatLink, parseLink, urlSpecs } from '../../web/src/state/url';
import { coerceValue, formatValue } from '../../web/src/state/values';

const RUNS = 1000;
const ids = EXPERIMENTS.map((m) => m.id);

/** Link-ish text: keys and values drawn from real keys, junk, escapes and separators. */
const linkText = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(
          'exp',
          'v',
          'seed',
          'embed',
          'hide',
          'file',
          ...EXPERIMENTS.flatMap((m) => m.params.map((p) => p.key)),
        ),
        fc.string({ maxLength: 12 }),
      ),
      fc.oneof(
        fc.constantFrom(...ids, '1', '2', '-1', '1e999', 'NaN', '0x10', '%zz', '', ',', '1,,2'),
        fc.string({ maxLength: 40 }),
        fc.double().map(String),
      ),
    ),
    { maxLength: 12 },
  )
  .map((pairs) => `#${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`);

/** A valid value for one parameter. */
function valueOf(spec: ParamSpec): fc.Arbitrary<ParamValue> {
  const inside = (min: number, max: number, integer: boolean, step = 1e-6) =>
    integer
      ? fc.integer({ min: Math.ceil(min), max: Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER)) })
      : fc.double({ min: min + step, max: max - step, noNaN: true }).map((x) => x + 0); // −0 is written and read as 0
  switch (spec.kind) {
    case 'int':
      return inside(spec.min, spec.max, true);
    case 'real':
      return inside(spec.min, spec.max, false, spec.step ?? (spec.max - spec.min) * 1e-3);
    case 'enum':
      return fc.constantFrom(...spec.options.map((o) => o.value));
    case 'text':
      return fc.constant(spec.default);
    case 'intList':
      return fc.array(inside(spec.min, spec.max, true), { minLength: 1, maxLength: spec.maxCount });
    case 'realList':
      return fc.array(inside(spec.min, spec.max, false, spec.step ?? (spec.max - spec.min) * 1e-3), {
        minLength: 1,
        maxLength: spec.maxCount,
      });
  }
}

function validState(meta: ExperimentMeta) {
  const fields = Object.fromEntries(urlSpecs(meta).map((spec) => [spec.key, valueOf(spec)]));
  return fc
    .record(fields)
    .filter((values) =>
      urlSpecs(meta).every(
        (spec) => coerceValue(spec, formatValue(values[spec.key] as ParamValue)).notice === undefined,
      ),
    );
}

describe('URL codec properties', () => {
  it('decoding any text never throws and always yields a state within its schema', () => {
    fc.assert(
      fc.property(linkText, (hash) => {
        const { state } = parseLink(hash, EXPERIMENTS);
        const meta = EXPERIMENTS.find((m) => m.id === state.experimentId)!;
        for (const spec of urlSpecs(meta))
          expect(coerceValue(spec, formatValue(state.values[spec.key])).notice).toBeUndefined();
      }),
      { numRuns: RUNS },
    );
  });

  it.each(EXPERIMENTS.map((m) => [m.id, m] as const))(
    '%s: encode ∘ decode is the identity on valid states',
    (_, meta) => {
      fc.assert(
        fc.property(validState(meta), fc.boolean(), (values, embed) => {
          const state = { experimentId: meta.id, values: values as Record<string, ParamValue>, embed, hide: [] };
          const back = parseLink(formatLink(state, EXPERIMENTS), EXPERIMENTS);
          expect(back.notices).toEqual([]);
          expect(back.state.values).toEqual(values);
          expect(back.state.embed).toBe(embed);
        }),
        { numRuns: RUNS },
      );
    },
  );
});
