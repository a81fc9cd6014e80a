// SPDX-License-Identifier: Apache-2.0
// A model head's Q and K as .npy (ui/results/head-files.ts, plots/npy.ts): the header is numpy's format 1.0 byte for
// byte (the spec's magic, version, length, dict, padding to 64 and newline), and the two files, parsed by the core as
// "Your files" and run with the default Q·K scale and head 0, give rank-interaction's result on the model's head
// itself.
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Core, Inputs } from '../../web/src/engine/core';
import { loadCoreNode } from '../../web/src/engine/load-node';
import { modelInputs, modelWords } from '../../web/src/engine/model-headless';
import { EXPERIMENTS } from '../../web/src/experiments';
import { defaults, toCoreParams } from '../../web/src/experiments/schema';
import { npyBytes } from '../../web/src/plots/npy';
import type { ModelLink } from '../../web/src/state/model-link';
import { headFileName } from '../../web/src/ui/results/export-name';
import { headArrays } from '../../web/src/ui/results/head-files';
import type { ChosenFile } from '../../web/src/ui/uploads/uploads';
import { npy } from './npy-fixture';

const root = fileURLToPath(new URL('../..', import.meta.url));
const meta = EXPERIMENTS.find((m) => m.id === 'rank-interaction')!;
const text = 'the cat sat on the mat';

describe('npyBytes', () => {
  it('writes numpy’s format 1.0: magic, version, little-endian header length, a 64-byte aligned dict, the data', () => {
    const values = Float64Array.from({ length: 12 }, (_, i) => (i - 5.5) / 3);
    const bytes = npyBytes([3, 4], values);
    expect([...bytes.slice(0, 8)]).toEqual([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0]);
    const headerLength = bytes[8] + 256 * bytes[9];
    expect((10 + headerLength) % 64).toBe(0);
    const header = new TextDecoder('latin1').decode(bytes.slice(10, 10 + headerLength));
    expect(header.endsWith('\n')).toBe(true);
    expect(header.trimEnd()).toBe("{'descr': '<f8', 'fortran_order': False, 'shape': (3, 4), }");
    expect(/^[\x20-\x7e]*\n$/.test(header)).toBe(true); // ASCII, spaces as padding, one newline
    const data = new DataView(bytes.buffer, 10 + headerLength);
    expect(data.byteLength).toBe(8 * 12);
    expect(Array.from({ length: 12 }, (_, i) => data.getFloat64(8 * i, true))).toEqual([...values]);
  });

  it('is byte for byte what numpy.save writes (the tests’ writer), a 1-D shape with its trailing comma', () => {
    const values = [1, -2.5, 1e-300, Math.PI, 0];
    expect(npyBytes([5], Float64Array.from(values))).toEqual(npy('<f8', [5], values));
    expect(npyBytes([1, 5], Float64Array.from(values))).toEqual(npy('<f8', [1, 5], values));
    expect(() => npyBytes([2, 2], Float64Array.from(values))).toThrow(/holds 4 values, not 5/);
  });
});

describe('a model head’s Q and K re-read as your files', () => {
  let core: Core;
  beforeAll(async () => {
    core = await loadCoreNode();
  });

  const chosenOf = (inputs: Inputs, link: ModelLink): ChosenFile[] =>
    (['q', 'k'] as const).map((input) => ({ name: link.name, input, array: inputs[input], model: link }));
  /** The result without what names the head's source (a model's stack, or one uploaded head). */
  const numbers = (result: object) => JSON.stringify({ ...result, head: undefined });

  it.each([
    ['bert-f32', false, 6, 0], // d_h = 4: √d_h exact, the files give the run's numbers bit for bit
    ['bert-f32', true, 5, 0], // weights only: the bilinear form's factors over the residual stream
    ['distilbert-f32', false, 3, 1e-12], // d_h = 8: √8 rounded, equal to the last bits
  ])('%s (weights only %s), head %i', async (name, weights, head, tolerance) => {
    const folder = `${root}tests/fixtures/models/${name}`;
    const words = modelWords(core, [`model=${folder}`, `text=${text}`, ...(weights ? ['weights=1'] : [])])!;
    const inputs = await modelInputs(core, words);
    const link: ModelLink = { name, hash: '', text, dropFirst: false, ...(weights ? { weights: true } : {}) };
    const fromModel = core.run('rank-interaction', toCoreParams({ ...defaults(meta), head, scale: 1 }), inputs);

    const arrays = headArrays(chosenOf(inputs, link), head)!;
    const [, heads, n, width] = inputs.q.shape;
    expect(arrays.label).toBe(`L${Math.floor(head / heads)}H${head % heads}`);
    expect(arrays.shape).toEqual([n, width]);
    const files = Object.fromEntries(
      (['q', 'k'] as const).map((input) => {
        const file = headFileName(link, arrays.label, input);
        const bytes = npyBytes(arrays.shape, arrays[input]);
        return [input, { ...core.parseInput('rank-interaction', input, file, bytes), file }];
      }),
    );
    expect(files.q.shape).toEqual([n, width]);
    const fromFiles = core.run('rank-interaction', toCoreParams({ ...defaults(meta), head: 0 }), files);
    expect(fromFiles.head).toMatchObject({ source: 'upload', n, width, heads: 1, format: 'qk' });
    if (tolerance === 0) expect(numbers(fromFiles)).toBe(numbers(fromModel));
    else {
      expect([fromFiles.rVis, fromFiles.rankRaw, fromFiles.kSvd, fromFiles.lowerBound]).toEqual([
        fromModel.rVis,
        fromModel.rankRaw,
        fromModel.kSvd,
        fromModel.lowerBound,
      ]);
      const top = fromModel.sigmaRaw[0];
      fromFiles.sigmaRaw.forEach((s, i) => expect(Math.abs(s - fromModel.sigmaRaw[i])).toBeLessThan(tolerance * top));
    }
  });

  it('names the files by the model, its text and the head; none for a run without a model’s heads', () => {
    const link: ModelLink = { name: 'BertModel', hash: '', text, dropFirst: true, lastLayer: 6, folder: 'bert base' };
    expect(headFileName(link, 'L3H5', 'q')).toBe('bert-base_text=the-cat-sat-on-the-mat_dropFirst_L3H5_q.npy');
    expect(headFileName({ ...link, weights: true }, 'L0H1', 'k')).toBe('bert-base_weights-only_L0H1_k.npy');
    const array = { shape: [1, 2, 3, 4], sparse: false, values: new Float64Array(24) };
    expect(headArrays([{ name: 'q.npy', input: 'q', array }], 0)).toBeUndefined();
    const model = chosenOf({ q: array, k: array }, link);
    expect(headArrays(model, 2)).toBeUndefined(); // 1 layer × 2 heads
  });
});
