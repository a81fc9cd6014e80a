// SPDX-License-Identifier: Apache-2.0
// A study over a corpus read from a file (state/study-file.ts), as untrusted input: bare or as {"result": …} it reads
// back to itself; anything else that looks like a study is refused in one line naming the first thing wrong, and no
// change anywhere in a study makes the reader throw; files that are no study are left to the result reader.
import { describe, expect, it } from 'vitest';
import { readStudyText } from '../../web/src/state/study-file';
import { smallStudy } from './study-fixture';

const read = (value: unknown) => readStudyText(JSON.stringify(value), 'study.json');
const copy = () => JSON.parse(JSON.stringify(smallStudy)) as Record<string, unknown> & typeof smallStudy;

/** The error of reading `value`, which must be a refusal. */
function refusal(value: unknown): string {
  const reading = read(value);
  if (!reading || reading.ok) throw new Error(`not refused: ${JSON.stringify(value).slice(0, 80)}`);
  return reading.error;
}

describe('a study file', () => {
  it('reads back to the study, bare or wrapped as {"result": …}, with nothing to note', () => {
    for (const file of [
      smallStudy,
      { result: smallStudy },
      { attnlab: '0.2.0', experiment: 'rank-zoo', result: smallStudy },
    ]) {
      const reading = read(file);
      expect(reading).toEqual({ ok: true, study: { ...smallStudy, heads: expect.any(Array) }, notes: [] });
      if (reading?.ok)
        expect(reading.study.heads.map((x) => [x.layer, x.head])).toEqual([
          [0, 1],
          [1, 0],
        ]);
    }
  });

  it('says a partial merge is partial, and keeps what else the file says for its download', () => {
    const partial = { ...copy(), partial: { done: 3, total: 4, missing: [2] } };
    expect(read(partial)).toMatchObject({ ok: true, notes: ['partial: 3 of 4 windows merged; missing jobs 2'] });
    const withAxes = { ...partial, association: { ...partial.association, x: 'rEffVis', y: 'kSvd' } };
    const reading = read(withAxes);
    expect(reading?.ok && reading.study).toMatchObject({ partial: partial.partial, association: { x: 'rEffVis' } });
  });

  it('leaves other files to the result reader', () => {
    expect(readStudyText('{"rows": [], "families": []}', 'r.json')).toBeUndefined();
    expect(readStudyText('{"association": 1, "bands": ', 'r.json')).toBeUndefined(); // not JSON: said there
    expect(read({ association: {}, bands: {} })).toBeUndefined(); // no heads: not a study
  });

  it('names the first thing wrong, in one line', () => {
    const bad = copy();
    (bad.heads[1].energy90 as unknown as Record<string, unknown>).mean = 'x';
    expect(refusal(bad)).toBe('study.json: not a study over a corpus: heads[1].energy90.mean is "x", not a number');
    const twice = copy();
    twice.heads[1] = { ...twice.heads[0] };
    expect(refusal(twice)).toMatch(/heads\[1\]\.head: layer 0, head 1 twice/);
    const fewer = copy();
    fewer.rows.pop();
    expect(refusal(fewer)).toMatch(/their rows add up to 2, but the file has 1 rows/);
    const wide = copy();
    wide.heads[0].layer = 5000;
    expect(refusal(wide)).toMatch(/heads\[0\]\.layer is 5000, not a whole number from 0 to 1023/);
    const odd = copy();
    odd.rows[0] = { ...odd.rows[0], 'a\nb': { nested: true } };
    expect(refusal(odd)).toMatch(/^study\.json: not a study over a corpus: rows\[0\]\.a\\nb is an object/);
    expect(refusal({ ...copy(), heads: [] })).toMatch(/heads is an empty list/);
    expect(refusal({ ...copy(), windows: 'all' })).toMatch(/windows is "all", not a list/);
  });

  it('never throws, and every refusal is one line, whatever one value of the study becomes', () => {
    const paths: (string | number)[][] = [];
    const walk = (v: unknown, path: (string | number)[]) => {
      paths.push(path);
      if (v && typeof v === 'object')
        for (const [k, x] of Object.entries(v)) walk(x, [...path, Array.isArray(v) ? Number(k) : k]);
    };
    walk(smallStudy, []);
    const replacements = [null, 'x', -1, 0.5, 1e308, [], {}, true, 'a\u202eb\nc', [1, 2, 3]];
    let refused = 0;
    for (const path of paths.slice(1))
      for (const value of replacements) {
        const changed = copy() as Record<string | number, unknown>;
        let at: Record<string | number, unknown> = changed;
        for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
        at[path[path.length - 1]] = value;
        const reading = read(changed);
        if (reading && !reading.ok) {
          refused++;
          expect(reading.error).not.toMatch(/[\n\r\u202e]/);
          expect(reading.error).toMatch(/^study\.json: not a study over a corpus: /);
        }
      }
    expect(refused).toBeGreaterThan(paths.length);
  });
});
