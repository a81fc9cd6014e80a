// SPDX-License-Identifier: Apache-2.0
// What every export carries — experiment, parameters, seed, app version, link — and the file
// formats' ways of carrying it (CSV comment lines, SVG <metadata>, JSON `meta`, PNG tEXt). DOM-free.
import { APP_VERSION } from '../version';

export interface ExportStamp {
  app: 'attnlab';
  version: string;
  experiment: string;
  /** Absent for whole-result exports. */
  figure?: string;
  /** Every parameter except the seed, as run. */
  params: Record<string, number | string | number[]>;
  seed: number;
  link: string;
  /** ISO time of the export. */
  created: string;
  /** Set when the result was computed at build time and shipped with the site (a preset link), not run here. */
  precomputed?: true;
}

export function makeStamp(args: {
  experiment: string;
  figure?: string;
  values: Record<string, number | string | number[]>;
  link: string;
  created?: Date;
  precomputed?: boolean;
}): ExportStamp {
  const { seed, ...params } = args.values;
  return {
    app: 'attnlab',
    version: APP_VERSION,
    experiment: args.experiment,
    figure: args.figure,
    params,
    seed: Number(seed),
    link: args.link,
    created: (args.created ?? new Date()).toISOString(),
    ...(args.precomputed ? { precomputed: true as const } : {}),
  };
}

/** The seed as a caption says it: a file's study names none (NaN). */
const seedText = (stamp: ExportStamp): string => (Number.isFinite(stamp.seed) ? String(stamp.seed) : 'unknown');

function paramsText(params: ExportStamp['params']): string {
  return Object.entries(params)
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : v}`)
    .join(' ');
}

/** "key: value" lines, in a fixed order, for CSV headers, SVG captions and PNG text. */
function stampEntries(stamp: ExportStamp): [string, string][] {
  const entries: [string, string][] = [
    ['app', `attnlab ${stamp.version}`],
    ['experiment', stamp.experiment],
  ];
  if (stamp.figure) entries.push(['figure', stamp.figure]);
  entries.push(
    ['params', paramsText(stamp.params)],
    ['seed', seedText(stamp)],
    ['link', stamp.link],
    ['created', stamp.created],
  );
  if (stamp.precomputed) entries.push(['computed', 'precomputed at build time (identical to a live run of the link)']);
  return entries;
}

function csvCell(value: number | string): string {
  const text = String(value);
  return /[",\n\r]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV with `# key: value` comment lines first, then the header row and the data. */
export function csvText(table: { columns: string[]; rows: (number | string)[][] }, stamp: ExportStamp): string {
  const lines = stampEntries(stamp).map(([k, v]) => `# ${k}: ${v.replace(/[\r\n]+/g, ' ')}`);
  lines.push(table.columns.map(csvCell).join(','));
  for (const row of table.rows) lines.push(row.map(csvCell).join(','));
  return lines.join('\n') + '\n';
}

/** What a figure's JSON export holds: its table, or data of its own (e.g. a heatmap's grid). */
export type FigureData = { columns: string[]; rows: (number | string)[][] } | Record<string, unknown>;

/**
 * One figure's JSON: `meta` (the stamp), `params` (with the seed) and `data`, that figure's data
 * only. One top-level key per line; the data stays on one line so long arrays do not balloon.
 */
export function jsonText(data: FigureData, stamp: ExportStamp): string {
  const body = { meta: stamp, params: { ...stamp.params, seed: stamp.seed }, data };
  return `{\n${Object.entries(body)
    .map(([key, value]) => ` ${JSON.stringify(key)}: ${JSON.stringify(value)}`)
    .join(',\n')}\n}\n`;
}

function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** An SVG <metadata> element's markup holding the stamp as JSON. */
export function svgMetadataMarkup(stamp: ExportStamp): string {
  return `<metadata id="attnlab-export">${xmlEscape(JSON.stringify(stamp))}</metadata>`;
}

/** Caption font size in exported figures (px), and a safe upper bound on its average glyph advance. */
export const CAPTION_FONT_SIZE = 9;
const CAPTION_GLYPH_EM = 0.62;

/** How many caption characters fit across `widthPx` (4 px margin each side), so no line is cut. */
export function captionChars(widthPx: number, fontSize = CAPTION_FONT_SIZE): number {
  return Math.max(20, Math.floor((widthPx - 8) / (fontSize * CAPTION_GLYPH_EM)));
}

/**
 * The stamp as caption lines of at most `width` characters: word-wrapped, a word longer than a
 * line (a long list, the link) cut in pieces, nothing dropped.
 */
export function captionLines(stamp: ExportStamp, width = 110): string[] {
  const words =
    `attnlab ${stamp.version} · ${stamp.experiment} · ${paramsText(stamp.params)} · seed ${seedText(stamp)}`.split(' ');
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + 1 + word.length <= width) lines[last] += ` ${word}`;
    else for (let i = 0; i < word.length; i += width) lines.push(word.slice(i, i + width));
  }
  // The link breaks after an '&' where it can, so each line ends on a whole key=value.
  let line = '';
  for (const part of stamp.link.split(/(?<=&)/)) {
    if (line && line.length + part.length > width) {
      lines.push(line);
      line = '';
    }
    for (line += part; line.length > width; line = line.slice(width)) lines.push(line.slice(0, width));
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The name from the stamp alone (attnlab-<experiment>-<figure>.<extension>), for an export whose caller
 * gives no fileName of its own.
 */
export function stampFileName(experiment: string, figure: string | undefined, extension: string): string {
  return `attnlab-${experiment}${figure ? `-${figure}` : ''}.${extension}`;
}

// PNG chunk CRC (ISO 3309), table-driven.
const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** tEXt is Latin-1: anything else becomes '?'. */
function latin1(text: string): Uint8Array {
  return Uint8Array.from(text, (ch) => (ch.charCodeAt(0) < 256 ? ch.charCodeAt(0) : 63));
}

function textChunk(keyword: string, text: string): Uint8Array {
  const data = new Uint8Array([...latin1(keyword), 0, ...latin1(text)]);
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  chunk.set(latin1('tEXt'), 4);
  chunk.set(data, 8);
  view.setUint32(8 + data.length, crc32(chunk.subarray(4, 8 + data.length)));
  return chunk;
}

/** Inserts tEXt chunks right after IHDR (signature 8 bytes + IHDR 25 bytes). */
export function insertPngText(png: Uint8Array, entries: [string, string][]): Uint8Array<ArrayBuffer> {
  const afterHeader = 8 + 25;
  const chunks = entries.map(([k, v]) => textChunk(k, v));
  const out = new Uint8Array(png.length + chunks.reduce((n, c) => n + c.length, 0));
  out.set(png.subarray(0, afterHeader), 0);
  let offset = afterHeader;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  out.set(png.subarray(afterHeader), offset);
  return out;
}

/** Reads back tEXt chunks (for tests and for checking an exported file). */
export function readPngText(png: Uint8Array): [string, string][] {
  const out: [string, string][] = [];
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  for (let offset = 8; offset + 12 <= png.length;) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...png.subarray(offset + 4, offset + 8));
    if (type === 'tEXt') {
      const data = png.subarray(offset + 8, offset + 8 + length);
      const zero = data.indexOf(0);
      out.push([String.fromCharCode(...data.subarray(0, zero)), String.fromCharCode(...data.subarray(zero + 1))]);
    }
    offset += 12 + length;
  }
  return out;
}
