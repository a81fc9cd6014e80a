// SPDX-License-Identifier: Apache-2.0
// Where the heads come from (ui/uploads/heads-source.ts, held in ui/uploads/uploads.ts): the zoo attaches nothing, the
// model only its heads, the files only the files; the choice is in the address (model=, file= or heads=) and back; Run
// waits for the heads of a source with none; a refused file holds Run back only while files are the source; no preset's
// shipped result stands in for them.
import { describe, expect, it, vi } from 'vitest';
import { EXPERIMENTS } from '../../web/src/experiments';
import { defaults } from '../../web/src/experiments/schema';
import type { ModelLink } from '../../web/src/state/model-link';
import { presetLinksOf } from '../../web/src/state/preset-links';
import { formatLink, parseLink, type AppState } from '../../web/src/state/url';
import { sourceOfLink, sourceWaits, withSource, type HeadsSource } from '../../web/src/ui/uploads/heads-source';
import { precomputedResult } from '../../web/src/ui/run/precomputed';
import {
  attachedFiles,
  carriedTo,
  chosenByHand,
  modelHeadsRead,
  NO_UPLOADS,
  refusedFiles,
  sourceChosen,
  type ChosenFile,
} from '../../web/src/ui/uploads/uploads';

const zoo = EXPERIMENTS.find((m) => m.id === 'rank-zoo')!;
const beta = EXPERIMENTS.find((m) => m.id === 'rank-beta')!;
const model: ModelLink = { name: 'BertModel', hash: '0123456789abcdef', text: 'the cat', dropFirst: false };
const file = (name: string, input: string, from?: ModelLink): ChosenFile => ({
  name,
  input,
  array: { shape: [2, 2], sparse: false, values: new Float64Array(4) },
  ...(from ? { model: from } : {}),
});
const state = (extra: Partial<AppState> = {}): AppState => ({
  experimentId: zoo.id,
  values: defaults(zoo),
  embed: false,
  hide: [],
  ...extra,
});

describe('where the heads come from', () => {
  const withFiles = chosenByHand(NO_UPLOADS, 'q', file('q.npy', 'q'), undefined, 'k').uploads;
  const both = modelHeadsRead(withFiles, { q: file('BertModel', 'q', model), k: file('BertModel', 'k', model) });

  it('attaches nothing for the zoo, only the model’s heads for the model, only the files for the files', () => {
    const names = (source: HeadsSource) => attachedFiles(sourceChosen(both, source), zoo).map((c) => c.name);
    expect(names('zoo')).toEqual([]);
    expect(names('model')).toEqual(['BertModel', 'BertModel']);
    expect(names('files')).toEqual(['q.npy']);
    expect(attachedFiles(sourceChosen(modelHeadsRead(both, undefined), 'model'), zoo)).toEqual([]);
  });

  it('holds Run back for a refused file only while the files are the source', () => {
    const refused = chosenByHand(NO_UPLOADS, 'q', undefined, 'bad.npy', 'k').uploads;
    expect(refusedFiles(sourceChosen(refused, 'files'), zoo)).toEqual(['bad.npy']);
    expect(refusedFiles(sourceChosen(refused, 'zoo'), zoo)).toEqual([]);
    expect(refusedFiles(sourceChosen(refused, 'model'), zoo)).toEqual([]);
  });

  it('waits for the heads of a model or of files not given yet, never for the zoo', () => {
    expect(sourceWaits('zoo', 0)).toBeUndefined();
    expect(sourceWaits('model', 0)).toMatch(/Your model/);
    expect(sourceWaits('files', 0)).toMatch(/Your files/);
    expect(sourceWaits('model', 2)).toBeUndefined();
  });

  it('is in the address and comes back from it: model=, file=, heads=, or nothing for the zoo', () => {
    const round = (s: AppState) => parseLink(formatLink(s, EXPERIMENTS), EXPERIMENTS).state;
    const cases: [AppState, HeadsSource][] = [
      [withSource(state({ model, heads: 'model' }), 'zoo'), 'zoo'],
      [withSource(state(), 'model'), 'model'],
      [withSource(state(), 'model', model), 'model'],
      [withSource(state({ file: 'q.npy' }), 'files'), 'files'],
      [withSource(state(), 'files'), 'files'],
    ];
    for (const [s, source] of cases) expect(sourceOfLink(round(s))).toBe(source);
    expect(formatLink(withSource(state({ model }), 'zoo'), EXPERIMENTS)).not.toMatch(/model=|heads=|file=/);
    expect(formatLink(withSource(state(), 'model'), EXPERIMENTS)).toMatch(/&heads=model$/);
    expect(formatLink(withSource(state(), 'model', model), EXPERIMENTS)).not.toMatch(/heads=/);
    expect(round(withSource(state(), 'model', model)).model?.text).toBe('the cat');
  });

  it('says a heads= it cannot read, and ignores it where no heads are read', () => {
    const bad = parseLink('#exp=rank-zoo&v=3&seed=1&heads=weights', EXPERIMENTS);
    expect(sourceOfLink(bad.state)).toBe('zoo');
    expect(bad.notices.join(' ')).toMatch(/heads: "weights"/);
    const elsewhere = parseLink(`#exp=${beta.id}&v=3&seed=1&heads=model`, EXPERIMENTS);
    expect(elsewhere.state.heads).toBeUndefined();
    expect(elsewhere.notices).toEqual([]);
  });

  it('never takes a preset’s shipped result for the reader’s own heads, nor while they are chosen and not given', async () => {
    const preset = parseLink(presetLinksOf(zoo, EXPERIMENTS)[0].link, EXPERIMENTS).state;
    const own: Partial<AppState>[] = [{ heads: 'model' }, { heads: 'files' }, { model }, { file: 'q.npy' }];
    for (const extra of own) expect(precomputedResult({ ...preset, ...extra }, zoo, EXPERIMENTS)).toBeUndefined();
    // the zoo's preset itself is asked for (a file that is not there: run live)
    vi.stubGlobal('document', { baseURI: 'http://localhost/' });
    vi.stubGlobal('fetch', async () => new Response(null, { status: 404 }));
    try {
      const asked = precomputedResult(preset, zoo, EXPERIMENTS);
      expect(asked).toBeInstanceOf(Promise);
      expect(await asked).toBeUndefined();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('carries the files to another panel of heads only when its link names exactly them', () => {
    const pair = chosenByHand(withFiles, 'k', file('k.npy', 'k'), undefined, 'q').uploads;
    const head = EXPERIMENTS.find((m) => m.id === 'rank-interaction')!;
    const kept = carriedTo(pair, head, 'q.npy,k.npy');
    expect(attachedFiles(sourceChosen(kept, 'files'), head).map((c) => c.name)).toEqual(['q.npy', 'k.npy']);
    expect(carriedTo(pair, head, 'other.npy')).toEqual(NO_UPLOADS);
    expect(carriedTo(pair, head, undefined)).toEqual(NO_UPLOADS);
    expect(carriedTo(pair, beta, 'q.npy,k.npy')).toEqual(NO_UPLOADS);
  });
});
