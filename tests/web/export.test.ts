// SPDX-License-Identifier: Apache-2.0
// Export stamping (web/src/plots/stamp.ts): every file says which experiment, parameters, seed,
// app version and link it came from, in the way its format allows.
import { describe, expect, it } from 'vitest';
import {
  CAPTION_FONT_SIZE,
  captionChars,
  captionLines,
  crc32,
  csvText,
  stampFileName,
  insertPngText,
  jsonText,
  makeStamp,
  readPngText,
  svgMetadataMarkup,
} from '../../web/src/plots/stamp';
import { APP_VERSION } from '../../web/src/version';
import pkg from '../../package.json';

const link = 'https://example.org/attnlab/#exp=attention-map&v=1&n=64&seed=7';
const stamp = makeStamp({
  experiment: 'attention-map',
  figure: 'singular-values',
  values: { n: 64, geometry: 'sphere', ns: [512, 1024], seed: 7 },
  link,
  created: new Date('2026-12-01T10:00:00Z'),
});

describe('stamp', () => {
  it('takes the version from package.json and separates the seed from the parameters', () => {
    expect(APP_VERSION).toBe(pkg.version);
    expect(stamp).toEqual({
      app: 'attnlab',
      version: pkg.version,
      experiment: 'attention-map',
      figure: 'singular-values',
      params: { n: 64, geometry: 'sphere', ns: [512, 1024] },
      seed: 7,
      link,
      created: '2026-12-01T10:00:00.000Z',
    });
  });

  it('names files attnlab-<experiment>-<figure>.<ext>', () => {
    expect(stampFileName('attention-map', 'singular-values', 'svg')).toBe('attnlab-attention-map-singular-values.svg');
    expect(stampFileName('attention-map', undefined, 'json')).toBe('attnlab-attention-map.json');
  });
});

describe('CSV', () => {
  const table = {
    columns: ['k', 'sigma_k', 'note'],
    rows: [
      [1, 0.5, 'plain'],
      [2, 0.25, 'has, comma "and quotes"'],
    ],
  };
  const lines = csvText(table, stamp).trimEnd().split('\n');

  it('starts with # key: value lines carrying experiment, params, seed, version and link', () => {
    const header = lines.filter((l) => l.startsWith('# ')).map((l) => l.slice(2));
    expect(header).toEqual([
      `app: attnlab ${pkg.version}`,
      'experiment: attention-map',
      'figure: singular-values',
      'params: n=64 geometry=sphere ns=512,1024',
      'seed: 7',
      `link: ${link}`,
      'created: 2026-12-01T10:00:00.000Z',
    ]);
  });

  it('then the column header and one quoted-where-needed row per record', () => {
    const body = lines.filter((l) => !l.startsWith('#'));
    expect(body).toEqual(['k,sigma_k,note', '1,0.5,plain', '2,0.25,"has, comma ""and quotes"""']);
  });
});

describe('JSON', () => {
  const table = {
    columns: ['k', 'sigma_k'],
    rows: [
      [1, 0.5],
      [2, 0.25],
      [3, 0.125],
    ],
  };

  it("holds a meta object, the parameters with the seed, and that figure's data", () => {
    const parsed = JSON.parse(jsonText(table, stamp));
    expect(Object.keys(parsed)).toEqual(['meta', 'params', 'data']);
    expect(parsed.meta).toEqual(stamp);
    expect(parsed.params).toEqual({ n: 64, geometry: 'sphere', ns: [512, 1024], seed: 7 });
    expect(parsed.data).toEqual(table);
  });

  it("grows with the figure's data, not with indentation: one top-level key per line", () => {
    const rows = Array.from({ length: 4096 }, (_, k) => [k + 1, 1 / (k + 1)]);
    const text = jsonText({ columns: ['k', 'sigma_k'], rows }, stamp);
    expect(text.trimEnd().split('\n')).toHaveLength(5); // {, meta, params, data, }
    expect(text.length).toBeLessThan(JSON.stringify(rows).length + 2000);
  });
});

describe('SVG', () => {
  it('puts the stamp in <metadata> as escaped JSON that parses back', () => {
    const markup = svgMetadataMarkup(stamp);
    expect(markup).toMatch(/^<metadata id="attnlab-export">.*<\/metadata>$/);
    expect(markup).not.toMatch(/&(?!amp;|lt;|gt;|quot;)/); // every & escaped
    const text = markup
      .replace(/^<metadata[^>]*>/, '')
      .replace(/<\/metadata>$/, '')
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    expect(JSON.parse(text)).toEqual(stamp);
  });

  it('has a visible caption with version, experiment, parameters, seed and link', () => {
    expect(captionLines(stamp)).toEqual([
      `attnlab ${pkg.version} · attention-map · n=64 geometry=sphere ns=512,1024 · seed 7`,
      link,
    ]);
  });
});

describe('PNG text chunks', () => {
  // The smallest valid PNG: 1×1 grey pixel (signature, IHDR, IDAT, IEND).
  const tiny = Uint8Array.from(
    atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg=='),
    (c) => c.charCodeAt(0),
  );

  it('CRC-32 matches the PNG reference value for IEND', () => {
    expect(crc32(new TextEncoder().encode('IEND'))).toBe(0xae426082);
  });

  it('inserts tEXt chunks after IHDR that read back, with valid CRCs', () => {
    const png = insertPngText(tiny, [
      ['Software', `attnlab ${pkg.version}`],
      ['Source', link],
    ]);
    expect(readPngText(png)).toEqual([
      ['Software', `attnlab ${pkg.version}`],
      ['Source', link],
    ]);
    const view = new DataView(png.buffer);
    for (let offset = 8; offset < png.length;) {
      const length = view.getUint32(offset);
      expect(view.getUint32(offset + 8 + length)).toBe(crc32(png.subarray(offset + 4, offset + 8 + length)));
      offset += 12 + length;
    }
    expect(png.length).toBe(
      tiny.length +
        2 * 12 +
        'Software'.length +
        1 +
        `attnlab ${pkg.version}`.length +
        'Source'.length +
        1 +
        link.length,
    );
  });

  it('replaces characters outside Latin-1 instead of corrupting the chunk', () => {
    expect(readPngText(insertPngText(tiny, [['Comment', 'β = 8 → ok']]))).toEqual([['Comment', '? = 8 ? ok']]);
  });
});

describe('caption lines', () => {
  // A 400 px figure at 9 px: the PNG footer used to be written 110 characters wide and was cut.
  const attentionMap = makeStamp({
    experiment: 'attention-map',
    figure: 'singular-values',
    values: { n: 4096, d: 3, geometry: 'sphere', beta: 8, mask: 'none', px: 512, budget: 1024, seed: 1 },
    link: 'http://127.0.0.1:5173/some/sub/folder/#exp=attention-map&v=1&n=4096&seed=1',
  });

  it("fit the figure's width: characters per line from its pixel width, at a safe glyph advance", () => {
    for (const width of [300, 390, 512, 800]) {
      const chars = captionChars(width);
      // 0.6 em is above system-ui's mean advance
      expect(chars * CAPTION_FONT_SIZE * 0.6 + 8).toBeLessThanOrEqual(width);
      for (const line of captionLines(attentionMap, chars)) expect(line.length).toBeLessThanOrEqual(chars);
    }
    expect(captionChars(400)).toBeLessThan(110);
  });

  it('drop nothing: every parameter, the seed and the whole link survive the wrapping', () => {
    const lines = captionLines(attentionMap, captionChars(390));
    const text = lines.join(' ');
    for (const part of ['n=4096', 'px=512', 'budget=1024', 'seed 1']) expect(text).toContain(part);
    expect(lines.join('')).toContain(attentionMap.link);
    // The link breaks after '&' (a piece longer than a line excepted), so no key=value pair is split.
    const first = lines.findIndex((l) => l.startsWith('http'));
    const linkLines = lines.slice(first);
    expect(linkLines.join('')).toBe(attentionMap.link);
    for (const l of linkLines.slice(1, -1)) expect(l.endsWith('&') || l.length === captionChars(390)).toBe(true);
    expect(linkLines.at(-1)).toBe('seed=1');
  });

  it('cut a word longer than a line (a long list) instead of letting it run off', () => {
    const list = makeStamp({
      experiment: 'sparse-dmin',
      values: { ns: Array.from({ length: 40 }, (_, i) => 64 * (i + 1)), seed: 2 },
      link: 'x',
    });
    const lines = captionLines(list, 40);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(40);
    expect(lines.join('').replace(/\s/g, '')).toContain(`ns=${(list.params.ns as number[]).join(',')}`);
  });

  it('wrap long parameter lists and links so the caption never runs off the figure', () => {
    const long = makeStamp({
      experiment: 'sparse-dmin',
      figure: 'dmin-vs-n',
      values: {
        ns: [512, 1024, 2048, 3072],
        k: [1, 2, 4],
        gamma: [2],
        eps1: [1],
        eps2: [0.5],
        step: 16,
        dmax: 16384,
        seeds: 3,
        tries: [1, 5, 20],
        scan: 'fast',
        seed: 1,
      },
      link: `http://127.0.0.1:5173/some/sub/folder/#exp=sparse-dmin&v=1&${'ns=512,1024,2048,3072&'.repeat(8)}seed=1`,
    });
    const lines = captionLines(long, 80);
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    expect(lines.join('')).toContain(long.link);
    expect(lines.join(' ')).toContain('seed 1');
  });
});
