// User files -> sparse triplets (web/src/engine/upload-parse.ts). The .npy files are built byte by
// byte by npy-fixture.ts, following the format numpy writes (spec paper3 §8.1).
import { describe, expect, it } from 'vitest';
import { parseCsvTriplets, parseJsonEntries, parseNpy, parseUpload, UploadError, type UploadResult } from '../../web/src/engine/upload-parse';
import { npy } from './npy-fixture';

function ok(result: UploadResult) {
  if (result instanceof Error) throw result;
  return { data: [...result.data], rows: result.rows, cols: result.cols };
}
function error(result: UploadResult): string {
  expect(result).toBeInstanceOf(UploadError);
  return (result as UploadError).message;
}

describe('CSV triplets', () => {
  it('reads i,j,value rows, 0-based, with comments, blank lines, a header and other separators', () => {
    const text = '# a pattern\ni,j,value\n0,0,1.5\n\n2, 1, -3e-2\n1;2;4\n3\t3\t1\n4 0 2\r\n';
    expect(ok(parseCsvTriplets(text))).toEqual({ data: [0, 0, 1.5, 2, 1, -0.03, 1, 2, 4, 3, 3, 1, 4, 0, 2], rows: 5, cols: 4 });
  });

  it.each([
    ['0,0,1\n1,x,2\n', /line 2: field j 'x' is not a finite number/],
    ['0,0,1\n1,1\n', /line 2: expected 3 fields/],
    ['0,0,1\n-1,0,2\n', /line 2: field i '-1' must be in/],
    ['0,0,1\n1.5,0,2\n', /line 2: field i '1.5' must be a whole number/],
    ['0,0,NaN\n', /line 1: field value 'NaN' is not a finite number/],
    ['0,0,abc\n', /line 1: field value 'abc'/], // a bad first row is not mistaken for a header
    ['# only a comment\n', /no entries/],
  ])('rejects %j naming the line and field', (text, pattern) => {
    expect(error(parseCsvTriplets(text))).toMatch(pattern);
  });
});

describe('JSON entries', () => {
  it('reads {"entries": [[i, j, value], ...]}', () => {
    expect(ok(parseJsonEntries('{"entries": [[0, 1, 2.5], [3, 0, -1]]}'))).toEqual({ data: [0, 1, 2.5, 3, 0, -1], rows: 4, cols: 2 });
  });

  it('an explicit size n adds empty trailing rows as a zero entry at (n-1, n-1)', () => {
    expect(ok(parseJsonEntries('{"n": 4, "entries": [[0, 1, 2.5]]}'))).toEqual({ data: [0, 1, 2.5, 3, 3, 0], rows: 4, cols: 4 });
    expect(ok(parseJsonEntries('{"n": 2, "entries": [[0, 1, 2.5]]}')).data).toEqual([0, 1, 2.5]);
    expect(error(parseJsonEntries('{"n": 1, "entries": [[0, 1, 2.5]]}'))).toMatch(/field n must be an integer at least .*\(2\)/);
  });

  it.each([
    ['{"entries": [[0, 1, 2.5], [3, 0]]}', /entries\[1\]: expected \[i, j, value\]/],
    ['{"entries": [[0, "a", 2.5]]}', /entries\[0\]\[1\]: expected a finite number/],
    ['{"entries": [[0, 1.5, 2.5]]}', /entries\[0\]\[1\]: must be a whole number/],
    ['{"rows": []}', /field entries/],
    ['{"entries": []}', /field entries: is empty/],
    ['{"entries": [[0, 1, 2]', /not valid JSON/],
  ])('rejects %j naming the field', (text, pattern) => {
    expect(error(parseJsonEntries(text))).toMatch(pattern);
  });
});

describe('.npy dense arrays', () => {
  const dense = [1, 0, 2, 0, 0, 3]; // 2 x 3, row-major

  it('turns the nonzeros of a 2-D float64 array into triplets, row-major', () => {
    expect(ok(parseNpy(npy('<f8', [2, 3], dense)))).toEqual({ data: [0, 0, 1, 0, 2, 2, 1, 2, 3], rows: 2, cols: 3 });
  });

  it('reads float32, int32, format version 2 and Fortran order the same', () => {
    const expected = [0, 0, 1, 0, 2, 2, 1, 2, 3];
    expect(ok(parseNpy(npy('<f4', [2, 3], dense))).data).toEqual(expected);
    expect(ok(parseNpy(npy('<i4', [2, 3], dense))).data).toEqual(expected);
    expect(ok(parseNpy(npy('<f8', [2, 3], dense, { version: 2 }))).data).toEqual(expected);
    const columnMajor = [1, 0, 0, 0, 2, 3]; // the same matrix stored column by column
    expect(ok(parseNpy(npy('<f8', [2, 3], columnMajor, { fortran: true }))).data).toEqual(expected);
  });

  it('reads float16 (1.0 = 0x3c00, -2.5 = 0xc100)', () => {
    expect(ok(parseNpy(npy('<f2', [1, 2], [0x3c00, 0xc100]))).data).toEqual([0, 0, 1, 0, 1, -2.5]);
  });

  it.each([
    [npy('>f8', [2, 3], dense), /big-endian/],
    [npy('|O', [2, 3], dense), /unsupported dtype/],
    [npy('<f8', [6], dense), /field shape.*2-D/],
    [npy('<f8', [2, 3], [1, 0, Infinity, 0, 0, 3]), /data\[0, 2\]: Infinity/],
    [npy('<f8', [2, 3], dense).subarray(0, 100), /truncated/],
    [new TextEncoder().encode('i,j,value\n'), /not a .npy file/],
  ])('rejects bad files with a message naming the field (%#)', (bytes, pattern) => {
    expect(error(parseNpy(bytes))).toMatch(pattern);
  });
});

describe('parseUpload', () => {
  it('dispatches on the extension, from text or bytes', () => {
    const bytes = new TextEncoder().encode('0,1,2\n');
    expect(ok(parseUpload('a.CSV', bytes)).data).toEqual([0, 1, 2]);
    expect(ok(parseUpload('a.json', '{"entries": [[0, 1, 2]]}')).data).toEqual([0, 1, 2]);
    expect(ok(parseUpload('a.npy', npy('<f8', [1, 2], [0, 2]).buffer as ArrayBuffer)).data).toEqual([0, 1, 2]);
    expect(error(parseUpload('a.xlsx', bytes))).toMatch(/a\.xlsx: unsupported file type/);
  });
});
