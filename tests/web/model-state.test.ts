// SPDX-License-Identifier: Apache-2.0
// "Your own model" as page state (ui/model/state.ts): opening another model resets what belonged to the old one (its
// layers: all of the new model's, or the first 7 of a 12-layer model, said in words), a read is outdated exactly when
// the choice differs from what was read, the address's link follows the choice, and notes name what changed.
import { describe, expect, it } from 'vitest';
import * as S from '../../web/src/ui/model/state';

const shape = (layers: number, heads = 4, name = 'BertModel') => ({ name, layers, heads });
const start = S.initialModelPanel('the cat sat on the mat');

describe('model panel state', () => {
  it('reads every layer of each model opened, whatever the previous one had', () => {
    for (const [first, second] of [
      [2, 3],
      [3, 2],
      [5, 40],
      [1, 8],
    ]) {
      let s = S.modelOpened(start, shape(first), 'a'.repeat(16));
      expect(s.choice.lastLayer).toBe(first - 1);
      s = S.readEnded(S.readStarted(s), s.choice);
      s = S.modelOpened(s, shape(second), 'b'.repeat(16));
      expect(s.choice.lastLayer).toBe(second - 1);
      expect(s.readFor).toBeUndefined(); // the old model's heads are not this one's
      expect(S.layersNote(shape(second), s.choice.lastLayer)).toBe('');
    }
  });

  it('reads the first 7 layers of a 12-layer model (the paper’s 84 heads with 12 heads a layer) and says so', () => {
    const s = S.modelOpened(start, shape(12, 12), 'c'.repeat(16));
    expect(s.choice.lastLayer).toBe(6);
    expect((s.choice.lastLayer + 1) * 12).toBe(84);
    const note = S.layersNote(shape(12, 12), s.choice.lastLayer);
    expect(note).toContain('first 7 of 12 layers');
    expect(note).toContain('84 heads');
    expect(note).toContain('Last layer 11 reads all 144');
    expect(S.layersNote(shape(12, 4), 6)).not.toContain('paper');
  });

  it('takes a link’s layers (all when it names none) and clamps one the model lacks', () => {
    const link = { name: 'BertModel', hash: '', text: 't', dropFirst: false };
    expect(S.modelOpened(start, shape(12, 12), 'h', { ...link, lastLayer: 3 }).choice.lastLayer).toBe(3);
    expect(S.modelOpened(start, shape(12, 12), 'h', link).choice.lastLayer).toBe(11);
    expect(S.modelOpened(start, shape(2), 'h', { ...link, lastLayer: 9 }).choice.lastLayer).toBe(1);
  });

  it('is outdated exactly when the choice differs from what was read (the text not for weights only)', () => {
    let s = S.modelOpened(start, shape(2), 'd'.repeat(16));
    expect(S.readOutdated(s)).toBe(true); // nothing read yet
    s = S.readEnded(S.readStarted(s), s.choice);
    expect(S.readOutdated(s)).toBe(false);
    expect(S.readOutdated(S.choiceEdited(s, { text: 'another text' }))).toBe(true);
    expect(S.readOutdated(S.choiceEdited(s, { lastLayer: 0 }))).toBe(true);
    expect(S.readOutdated(S.readStarted(S.choiceEdited(s, { text: 'x' })))).toBe(false); // being read
    const w = S.readEnded(s, { ...s.choice, weights: true });
    expect(S.readOutdated(S.choiceEdited(w, { weights: true, text: 'any text' }))).toBe(false);
    expect(S.readOutdated(S.modelClosed(s))).toBe(false);
  });

  it('gives the link of the choice: lastLayer only when fewer than all layers, the folder only for the page', () => {
    const s = S.modelOpened(start, shape(3), 'e'.repeat(16), undefined, 'bert-tiny');
    expect(S.linkOfChoice(s)).toEqual({
      name: 'BertModel',
      hash: 'e'.repeat(16),
      text: 'the cat sat on the mat',
      dropFirst: false,
      folder: 'bert-tiny',
    });
    expect(S.linkOfChoice(S.choiceEdited(s, { lastLayer: 1 }))?.lastLayer).toBe(1);
    expect(S.linkOfChoice(S.modelClosed(s))).toBeUndefined();
    expect(S.modelName(S.linkOfChoice(s)!)).toBe('bert-tiny');
  });

  it('names what a model run read', () => {
    const before = { name: 'BertModel', hash: 'f'.repeat(16), text: 'the cat sat on the mat', dropFirst: false };
    expect(S.modelSource({ ...before, weights: true })).toBe('BertModel, weights only (W_Q W_Kᵀ)');
    expect(S.modelSource(before)).toBe('BertModel reading “the cat sat on the mat”');
  });

  it('waits while reading and while the choice differs from what was read; a link’s layers fit the open model', () => {
    let s = S.modelOpened(start, shape(3), 'd'.repeat(16));
    expect(S.readWaits(S.readStarted(s))).toMatch(/being read/);
    s = S.readEnded(S.readStarted(s), s.choice);
    expect(S.readWaits(s)).toBeUndefined();
    const link = { name: 'BertModel', hash: '', text: 'a dog ran', dropFirst: true, lastLayer: 9 };
    const expected = S.linkExpected(s, link, shape(3));
    expect(expected.choice).toEqual({ text: 'a dog ran', dropFirst: true, weights: false, lastLayer: 2 });
    expect(S.readWaits(expected)).toMatch(/Read the heads/);
    expect(S.linkExpected(s, { ...link, lastLayer: 1 }, shape(3)).choice.lastLayer).toBe(1);
  });

  it('summarises a model run by the model’s folder, its text or weights only, and the layers read', () => {
    const link = { name: 'BertModel', folder: 'bert-base', hash: '', text: 'the cat sat', dropFirst: false };
    const text = S.modelSummary('Calibration study', { ...link, lastLayer: 6 });
    expect(text).toContain('bert-base reading “the cat sat”');
    expect(text).toContain('layers 0 to 6');
    expect(text).not.toMatch(/synthetic|stand-in|upload/i);
    expect(S.modelSummary('Calibration study', { ...link, weights: true })).toContain('weights only');
  });

  it('before a run, says what will be analysed or that the model is not read yet, never the zoo', () => {
    const link = { name: 'BertModel', folder: 'bert-base', hash: '', text: 'the cat sat', dropFirst: false };
    const none = S.modelSummaryBeforeRun('Calibration study', undefined, false);
    expect(none).toContain('open a Hugging Face model folder under “Your model”');
    expect(none).toContain('Nothing is analysed yet');
    const linked = S.modelSummaryBeforeRun('Calibration study', { ...link, lastLayer: 6 }, false);
    expect(linked).toContain('bert-base reading “the cat sat” (layers 0 to 6)');
    expect(linked).toContain('the model is not read yet');
    const open = S.modelSummaryBeforeRun('Calibration study', { ...link, weights: true }, true);
    expect(open).toContain('bert-base, weights only');
    expect(open).toContain('(every layer): not analysed yet');
    expect(S.modelSummaryBeforeRun('Calibration study', { ...link, folder: undefined }, true)).toContain('BertModel');
    for (const text of [none, linked, open]) {
      expect(text.startsWith('Calibration study, on the heads of ')).toBe(true);
      expect(text).not.toMatch(/synthetic|stand-in|zoo|upload|84/i);
    }
  });
});
