// SPDX-License-Identifier: Apache-2.0
// A run on a model's heads in its link (web/src/state/model-link.ts): model=, modelHash=, text=, dropFirst=, lastLayer=
// round-trip any text exactly; untrusted values become notices and usable values; only experiments that read heads
// take them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXPERIMENTS } from '../../web/src/experiments';
import { defaults } from '../../web/src/experiments/schema';
import { MAX_LINK_TEXT, readsSameHeads, type ModelLink } from '../../web/src/state/model-link';
import { formatLink, parseLink, type AppState } from '../../web/src/state/url';

const meta = EXPERIMENTS.find((m) => m.id === 'rank-interaction')!;
const state = (model: AppState['model']): AppState => ({
  experimentId: meta.id,
  values: defaults(meta),
  embed: false,
  hide: [],
  model,
});

describe('model links', () => {
  it('round-trip any text, name, fingerprint and choices exactly', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 300 }),
        fc.boolean(),
        fc.option(fc.nat(200), { nil: undefined }),
        (text, dropFirst, lastLayer) => {
          const model = {
            name: 'bert-base-uncased',
            hash: '0123456789abcdef',
            text: text.replace(/\r\n?/g, '\n'),
            dropFirst,
            ...(lastLayer !== undefined ? { lastLayer } : {}),
          };
          const { state: back, notices } = parseLink(formatLink(state(model), EXPERIMENTS), EXPERIMENTS);
          expect(notices).toEqual([]);
          expect(back.model).toEqual(model);
          expect(back.file).toBeUndefined();
        },
      ),
    );
  });

  it('names what it cannot use and keeps the rest', () => {
    const long = 'a'.repeat(MAX_LINK_TEXT + 5);
    const { state: s, notices } = parseLink(
      `#exp=rank-zoo&v=3&seed=1&model=x&modelHash=zz&text=${long}&dropFirst=yes&lastLayer=-1`,
      EXPERIMENTS,
    );
    expect(s.model).toEqual({ name: 'x', hash: '', text: 'a'.repeat(MAX_LINK_TEXT), dropFirst: false });
    expect(notices.join('\n')).toMatch(/modelHash: "zz" is not 16 hexadecimal digits/);
    expect(notices.join('\n')).toMatch(/text: \d+ characters, cut/);
    expect(notices.join('\n')).toMatch(/dropFirst: "yes" is not 0 or 1/);
    expect(notices.join('\n')).toMatch(/lastLayer: "-1" is not a layer number/);
  });

  it('a model name is cleaned like a file name; experiments that read no heads ignore model=', () => {
    const { state: s } = parseLink('#exp=rank-interaction&v=3&seed=1&model=%E2%80%AEevil%00name&text=hi', EXPERIMENTS);
    expect(s.model?.name).toBe('\u202eevilname');
    const other = parseLink('#exp=rank-beta&v=3&seed=1&model=x&text=hi', EXPERIMENTS);
    expect(other.state.model).toBeUndefined();
    expect(other.notices.join(' ')).toMatch(/model, text: rank-beta reads no model's heads; ignored/);
  });

  it('text= without model= is said to be ignored', () => {
    const { state: s, notices } = parseLink('#exp=rank-zoo&v=3&seed=1&text=hi', EXPERIMENTS);
    expect(s.model).toBeUndefined();
    expect(notices.join(' ')).toMatch(/no model=/);
  });
});

describe('heads already read for a link', () => {
  const read: ModelLink = { name: 'bert-base', hash: 'abc123', text: 'The cat sat.', dropFirst: true };
  it('are reused only for the same folder, text and choices', () => {
    expect(readsSameHeads(read, { ...read })).toBe(true);
    const { hash: _hash, ...noHash } = read;
    expect(readsSameHeads(read, noHash as ModelLink)).toBe(true); // a link without a fingerprint
    expect(readsSameHeads(read, { ...read, weights: false })).toBe(true); // unset is "not weights only"
    for (const other of [
      { name: 'gpt2' },
      { hash: 'ffffff' },
      { text: 'The cat sat' },
      { dropFirst: false },
      { lastLayer: 3 },
      { weights: true },
    ])
      expect(readsSameHeads(read, { ...read, ...other }), JSON.stringify(other)).toBe(false);
  });
});
