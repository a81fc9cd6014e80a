// SPDX-License-Identifier: Apache-2.0
// A study over a corpus as CSV (ui/corpus/study-csv.ts): read back by a CSV reader, every number is the study's own
// double, every head and row is there once, text with commas and quotes survives, a missing value is empty.
import { describe, expect, it } from 'vitest';
import { headsCsv, rowsCsv } from '../../web/src/ui/corpus/study-csv';
import { smallStudy as study } from './study-fixture';

/** RFC 4180 cells: quoted cells may hold commas, doubled quotes and line breaks. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [],
    cell = '',
    quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') ((cell += '"'), i++);
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') (row.push(cell), (cell = ''));
    else if (c === '\n') (row.push(cell), rows.push(row), (row = []), (cell = ''));
    else cell += c;
  }
  return rows;
}

describe('the per-head CSV', () => {
  const [header, ...rows] = readCsv(headsCsv(study));
  it('has one header line and one line per head', () => {
    expect(header.slice(0, 7)).toEqual([
      'layer',
      'head',
      'rows',
      'energy90_mean',
      'energy90_sd',
      'energy90_min',
      'energy90_max',
    ]);
    expect(header).toHaveLength(3 + 3 * 4);
    expect(header).toContain('rEffVis_max');
    expect(header).toContain('kSvd_sd');
    expect(rows).toHaveLength(study.heads.length);
  });
  it('reads back to the study’s own doubles', () => {
    rows.forEach((row, i) => {
      const x = study.heads[i];
      const want = [
        x.layer,
        x.head,
        x.rows,
        ...(['energy90', 'rEffVis', 'kSvd'] as const).flatMap((q) => [x[q].mean, x[q].sd, x[q].min, x[q].max]),
      ];
      expect(row.map(Number)).toEqual(want);
    });
  });
});

describe('the rows CSV', () => {
  const [header, ...rows] = readCsv(rowsCsv(study));
  it('leads with layer, head, n, window, eps, then every other key any row has, once', () => {
    expect(header.slice(0, 5)).toEqual(['layer', 'head', 'n', 'window', 'eps']);
    expect([...header].sort()).toEqual([...new Set(study.rows.flatMap((r) => Object.keys(r)))].sort());
    expect(rows).toHaveLength(study.rows.length);
  });
  it('keeps text, booleans and full-precision numbers; a missing value is empty', () => {
    const at = (i: number, key: string) => rows[i][header.indexOf(key)];
    expect(at(1, 'family')).toBe('odd, "name"');
    expect(Number(at(0, 'antisymmetry'))).toBe(0.7071067811865476);
    expect(at(0, 'nonVacuous')).toBe('true');
    expect(at(1, 'energy90')).toBe('');
    expect(at(0, 'eps')).toBe(''); // the first row has none
    expect(at(1, 'combRank')).toBe('');
  });
});
