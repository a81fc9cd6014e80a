// SPDX-License-Identifier: Apache-2.0
// The outdated notes after a model's heads were read name the true reason (ui/model/heads-stale.ts): the text, Last
// layer, the first token, Weights only turned on or off, another folder, the model closed or another source of heads;
// the model panel's status and Run's refusal (ui/model/state.ts) say the same of the choice against the heads on hand.
import { describe, expect, it } from 'vitest';
import type { ModelLink } from '../../web/src/state/model-link';
import * as S from '../../web/src/ui/model/state';
import { readChangedSentence, readChanges, shownHeadsStale, staleHeadsNote } from '../../web/src/ui/model/heads-stale';

const TEXT = 'the cat sat on the mat';
const run: ModelLink = { name: 'BertModel', hash: 'a'.repeat(16), text: TEXT, dropFirst: false, folder: 'bert-two' };
const since = 'since these heads were read';

describe('the figures’ outdated note of a model run', () => {
  it.each<[string, Partial<ModelLink>, string]>([
    ['the text', { text: 'a dog ran' }, `The text changed ${since} (they were read on “${TEXT}”)`],
    ['Last layer', { lastLayer: 6 }, `Last layer changed ${since} (they were read for every layer)`],
    [
      'the first token',
      { dropFirst: true },
      `The first-token choice changed ${since} (they were read with the first token kept)`,
    ],
    ['weights only on', { weights: true }, `Weights only was turned on ${since} (they were read on “${TEXT}”)`],
    [
      'the text and Last layer',
      { text: 'a dog ran', lastLayer: 0 },
      `The text and Last layer changed ${since} (they were read on “${TEXT}”, for every layer)`,
    ],
    [
      'another folder',
      { folder: 'bert-three', hash: 'b'.repeat(16) },
      `The folder changed ${since} (they are bert-two’s, the panel holds bert-three)`,
    ],
    [
      'another architecture',
      { name: 'GPT2Model', folder: undefined },
      `The folder changed ${since} (they are bert-two’s, the panel holds GPT2Model)`,
    ],
  ])('names %s', (_, edit, want) => {
    expect(shownHeadsStale(run, { ...run, ...edit })).toBe(want);
  });

  it('names weights only turned off, and a Last layer back to every layer', () => {
    const weights: ModelLink = { ...run, weights: true, lastLayer: 3 };
    expect(shownHeadsStale(weights, { ...run, lastLayer: 3 })).toBe(
      `Weights only was turned off ${since} (they were read as the weights’ bilinear forms)`,
    );
    // Weights only ignores the text: an edit of it is no reason.
    expect(shownHeadsStale(weights, { ...weights, text: 'a dog ran' })).toBe('');
    expect(shownHeadsStale(weights, { ...weights, lastLayer: undefined })).toBe(
      `Last layer changed ${since} (they were read as the weights’ bilinear forms, for layers 0 to 3)`,
    );
  });

  it('names the model closed, or the heads now coming from elsewhere', () => {
    expect(shownHeadsStale(run, undefined, 'model')).toBe(`The model was closed ${since} (they are bert-two’s)`);
    expect(shownHeadsStale(run, undefined, 'files')).toBe(
      'The heads now come from your files (these figures are bert-two’s)',
    );
    expect(shownHeadsStale(run, undefined, 'zoo')).toContain('the synthetic zoo');
  });

  it('says nothing when the same heads are asked for (the folder’s name alone learnt later is no change)', () => {
    expect(shownHeadsStale(run, run)).toBe('');
    const { folder: _folder, ...unnamed } = run;
    expect(shownHeadsStale(unnamed, run)).toBe('');
    expect(readChanges(run, { ...run, weights: false })).toEqual([]);
  });

  it('ends with what to do: read the heads first, or run; other parameters changed are said too', () => {
    const why = shownHeadsStale(run, { ...run, text: 'a dog ran' });
    expect(staleHeadsNote(why, '', true)).toBe(`${why}. Press “Read the heads” under Your model, then Run.`);
    expect(staleHeadsNote(why, 'τ was 2', false)).toBe(`${why}; also τ was 2. Run to update the figures.`);
  });
});

describe('the model panel’s status and Run’s refusal', () => {
  const shape = { name: 'BertModel', layers: 3, heads: 4 };
  const read = (() => {
    const opened = S.modelOpened(S.initialModelPanel(TEXT), shape, 'c'.repeat(16));
    return S.readEnded(S.readStarted(opened), opened.choice);
  })();

  it.each<[string, Partial<S.ModelChoice>, string]>([
    ['the text', { text: 'a dog ran' }, `The text changed since the heads were read (they were read on “${TEXT}”)`],
    ['Last layer', { lastLayer: 0 }, 'Last layer changed since the heads were read (they were read for layers 0 to 2)'],
    [
      'weights only',
      { weights: true },
      `Weights only was turned on since the heads were read (they were read on “${TEXT}”)`,
    ],
  ])('name %s', (_, edit, want) => {
    const edited = S.choiceEdited(read, edit);
    expect(S.readStaleReason(edited)).toBe(want);
    expect(S.readWaits(edited)).toBe(`${want}: press “Read the heads”, then Run.`);
  });

  it('say when no heads of the open model were read (a read stopped or refused)', () => {
    const stopped = S.readEnded(S.readStarted(read), undefined);
    expect(S.readWaits(stopped)).toBe('No heads of this model are read yet: press “Read the heads”, then Run.');
    expect(readChangedSentence(read.choice, [])).toBe('');
  });
});

describe('names from outside in the notes', () => {
  it('write out the invisible characters that reorder text, in a folder’s name and in the text', () => {
    const evil = { ...run, folder: 'bert\u202Eevil', text: 'the \u202Ecat' };
    const note = shownHeadsStale(evil, { ...evil, text: 'a dog', folder: 'bert\u202Eevil' });
    expect(note).toContain('“the ⟨U+202E⟩cat”');
    expect(shownHeadsStale(evil, undefined, 'model')).toContain('bert⟨U+202E⟩evil’s');
  });
});
