// SPDX-License-Identifier: Apache-2.0
// A study over a corpus, as its merge gives it (wasm/core/lab/model_study.hpp combineModelStudy): the page's run
// (ui/corpus/corpus-panel.ts), `npm run lab -- rank-zoo model=… corpus=…` and `attnlab combine` all print this shape.
// A file of one is read here, not by the core (lab/result_shape.cpp judges experiments' results only). DOM-free.
import { showable } from './url-text';

/** One quantity of a head over its rows: mean, sample standard deviation, smallest and largest. */
export interface Spread {
  mean: number;
  sd: number;
  min: number;
  max: number;
}

/** A head's rows summarised; antisymmetry is null when no row had one (a head of zero logits). */
export interface StudyHead {
  layer: number;
  head: number;
  rows: number;
  energy90: Spread;
  rEffVis: Spread;
  kSvd: Spread;
  antisymmetry?: Spread | null;
}

/** A published range of energy90, with what it measured and where it was published. */
interface Band {
  low: number;
  high: number;
  of: string;
  source: string;
}

/** The study's merged JSON, as far as the page reads it. */
export interface CorpusStudy {
  windows: { n: number; window: number; ids: number[] }[];
  /** rank-zoo's rows, each tagged with its window's n, its window and its ε. */
  rows: Record<string, unknown>[];
  heads: StudyHead[];
  association: {
    rows: number;
    heads: number;
    spearman: number | null;
    bootstraps: number;
    interval: [number, number] | null;
    reference: { spearman: number; source: string };
  };
  bands: { energy90: Band; weightsEnergy90?: Band; antisymmetryNull?: { value: number; source: string } };
}

/** The most a study file may hold of each (a 64 MiB file holds far fewer rows; the atlas draws ≤ 1024 × 1024 heads). */
const LIMITS = { windows: 100_000, ids: 1 << 20, rows: 2_000_000, heads: 1 << 20, grid: 1024, text: 2_000 };

type StudyReading = { ok: true; study: CorpusStudy; notes: string[] } | { ok: false; error: string };

/** What is wrong with a study file, said once, at the first place it is wrong. */
class Wrong extends Error {}

const described = (v: unknown): string =>
  v === null
    ? 'null'
    : Array.isArray(v)
      ? 'a list'
      : typeof v === 'object'
        ? 'an object'
        : showable(JSON.stringify(v)?.slice(0, 40) ?? typeof v);

function wrong(path: string, expected: string, v: unknown): never {
  throw new Wrong(`${path} is ${described(v)}, not ${expected}`);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function record(v: unknown, path: string): Record<string, unknown> {
  return isRecord(v) ? v : wrong(path, 'an object', v);
}

function list(v: unknown, path: string, most: number): unknown[] {
  if (!Array.isArray(v)) wrong(path, 'a list', v);
  if (v.length > most) throw new Wrong(`${path} has ${v.length} entries, more than the ${most} a study may have`);
  return v;
}

function number(v: unknown, path: string): number {
  return typeof v === 'number' ? v : wrong(path, 'a number', v);
}

function whole(v: unknown, path: string, low: number, high: number): number {
  return Number.isInteger(v) && (v as number) >= low && (v as number) <= high
    ? (v as number)
    : wrong(path, `a whole number from ${low} to ${high}`, v);
}

function text(v: unknown, path: string): string {
  if (typeof v !== 'string') wrong(path, 'a text', v);
  if (v.length > LIMITS.text) throw new Wrong(`${path} is longer than ${LIMITS.text} characters`);
  // eslint-disable-next-line no-control-regex
  return showable(v.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')); // shown in the page: one line, no hidden turns
}

function spread(v: unknown, path: string): Spread {
  const s = record(v, path);
  const [mean, sd, min, max] = (['mean', 'sd', 'min', 'max'] as const).map((k) => number(s[k], `${path}.${k}`));
  if (sd < 0 || min > max) throw new Wrong(`${path} is not a spread: its sd is negative or its min above its max`);
  return { mean, sd, min, max };
}

function windowsOf(v: unknown): CorpusStudy['windows'] {
  return list(v, 'windows', LIMITS.windows).map((w, i) => {
    const r = record(w, `windows[${i}]`);
    const ids = list(r.ids, `windows[${i}].ids`, LIMITS.ids);
    ids.forEach((id, j) => whole(id, `windows[${i}].ids[${j}]`, 0, Number.MAX_SAFE_INTEGER));
    const n = whole(r.n, `windows[${i}].n`, 1, LIMITS.ids);
    return { n, window: whole(r.window, `windows[${i}].window`, 0, LIMITS.windows), ids: ids as number[] };
  });
}

/** Each row: an object of plain values (numbers, texts, true/false, null) with its head's layer and number. */
function rowsOf(v: unknown): CorpusStudy['rows'] {
  return list(v, 'rows', LIMITS.rows).map((row, i) => {
    const r = record(row, `rows[${i}]`);
    whole(r.layer, `rows[${i}].layer`, 0, LIMITS.grid - 1);
    whole(r.head, `rows[${i}].head`, 0, LIMITS.grid - 1);
    for (const [key, value] of Object.entries(r)) {
      const at = `rows[${i}].${showable(JSON.stringify(key).slice(1, -1)).slice(0, 40)}`;
      if (typeof value === 'string') text(value, at);
      else if (value !== null && typeof value !== 'number' && typeof value !== 'boolean')
        wrong(at, 'a number, a text, true, false or null', value);
    }
    return r;
  });
}

/** Each head once, in the atlas's grid, with its spreads; together they hold every row. */
function headsOf(v: unknown, rows: number): StudyHead[] {
  const seen = new Set<number>();
  const heads = list(v, 'heads', LIMITS.heads).map((x, i): StudyHead => {
    const r = record(x, `heads[${i}]`);
    const at = (key: string) => `heads[${i}].${key}`;
    const layer = whole(r.layer, at('layer'), 0, LIMITS.grid - 1);
    const head = whole(r.head, at('head'), 0, LIMITS.grid - 1);
    if (seen.has(layer * LIMITS.grid + head)) throw new Wrong(`${at('head')}: layer ${layer}, head ${head} twice`);
    seen.add(layer * LIMITS.grid + head);
    const antisymmetry =
      r.antisymmetry === undefined || r.antisymmetry === null ? null : spread(r.antisymmetry, at('antisymmetry'));
    return {
      layer,
      head,
      rows: whole(r.rows, at('rows'), 1, LIMITS.rows),
      energy90: spread(r.energy90, at('energy90')),
      rEffVis: spread(r.rEffVis, at('rEffVis')),
      kSvd: spread(r.kSvd, at('kSvd')),
      antisymmetry,
    };
  });
  if (!heads.length) throw new Wrong('heads is an empty list: a study has at least one head');
  const counted = heads.reduce((sum, x) => sum + x.rows, 0);
  if (counted !== rows) throw new Wrong(`heads: their rows add up to ${counted}, but the file has ${rows} rows`);
  return heads;
}

function associationOf(v: unknown): CorpusStudy['association'] {
  const a = record(v, 'association');
  const interval =
    a.interval === null
      ? null
      : (list(a.interval, 'association.interval', 2).map((x, i) => number(x, `association.interval[${i}]`)) as [
          number,
          number,
        ]);
  if (interval && interval.length !== 2) wrong('association.interval', 'two numbers or null', a.interval);
  const reference = record(a.reference, 'association.reference');
  return {
    rows: whole(a.rows, 'association.rows', 0, LIMITS.rows),
    heads: whole(a.heads, 'association.heads', 0, LIMITS.heads),
    spearman: a.spearman === null ? null : number(a.spearman, 'association.spearman'),
    bootstraps: whole(a.bootstraps, 'association.bootstraps', 0, 1e9),
    interval,
    reference: {
      spearman: number(reference.spearman, 'association.reference.spearman'),
      source: text(reference.source, 'association.reference.source'),
    },
  };
}

function band(v: unknown, path: string) {
  const b = record(v, path);
  return {
    low: number(b.low, `${path}.low`),
    high: number(b.high, `${path}.high`),
    of: text(b.of, `${path}.of`),
    source: text(b.source, `${path}.source`),
  };
}

function bandsOf(v: unknown): CorpusStudy['bands'] {
  const b = record(v, 'bands');
  const out: CorpusStudy['bands'] = { energy90: band(b.energy90, 'bands.energy90') };
  if (b.weightsEnergy90 !== undefined) out.weightsEnergy90 = band(b.weightsEnergy90, 'bands.weightsEnergy90');
  if (b.antisymmetryNull !== undefined) {
    const n = record(b.antisymmetryNull, 'bands.antisymmetryNull');
    out.antisymmetryNull = {
      value: number(n.value, 'bands.antisymmetryNull.value'),
      source: text(n.source, 'bands.antisymmetryNull.source'),
    };
  }
  return out;
}

/** The study in a parsed file: the file itself, or its `result` (an export's envelope); undefined: not a study. */
function studyIn(data: unknown): Record<string, unknown> | undefined {
  const looks = (v: unknown): v is Record<string, unknown> =>
    isRecord(v) && 'heads' in v && 'association' in v && 'bands' in v;
  if (looks(data)) return data;
  return isRecord(data) && looks(data.result) ? data.result : undefined;
}

/** A merge with missing windows (attnlab combine … --allow-partial) says so: one line of notes. */
function partialNote(v: unknown): string[] {
  if (!isRecord(v)) return [];
  const missing = Array.isArray(v.missing) ? v.missing.slice(0, 20).map(Number).join(', ') : '';
  return [
    `partial: ${Number(v.done)} of ${Number(v.total)} windows merged${missing ? `; missing jobs ${missing}` : ''}`,
  ];
}

/**
 * A study over a corpus in a file's text (bare, or as `{"result": …}`), checked as untrusted input: its error in one
 * line naming the first thing wrong, or the study; undefined when the text is not a study (another result, or not JSON:
 * the result reader says what it is).
 */
export function readStudyText(text: string, name: string): StudyReading | undefined {
  if (!text.includes('"association"') || !text.includes('"bands"')) return undefined; // no second parse of others
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  const body = studyIn(data);
  if (!body) return undefined;
  try {
    const rows = rowsOf(body.rows);
    // The file's other keys kept (association's x and y, a partial merge's note): the study's download is the file's.
    const study: CorpusStudy = {
      ...body,
      windows: windowsOf(body.windows),
      rows,
      heads: headsOf(body.heads, rows.length),
      association: { ...record(body.association, 'association'), ...associationOf(body.association) },
      bands: { ...record(body.bands, 'bands'), ...bandsOf(body.bands) },
    };
    return { ok: true, study, notes: partialNote(body.partial) };
  } catch (error) {
    if (!(error instanceof Wrong)) throw error;
    return { ok: false, error: `${name}: not a study over a corpus: ${error.message}` };
  }
}
