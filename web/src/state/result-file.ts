// SPDX-License-Identifier: Apache-2.0
// Result files, read back into the page ("Open result…") and written by "Export result".
// Two forms are read: the envelope the page exports, {"attnlab": version, "experiment": id,
// "params": {...}, "result": {...}}, and the bare result object the native CLI and `npm run lab`
// print (no id, no parameters). The core judges the result against every experiment's declared result
// shape (`check`: in the page a core worker, engine/off-thread.ts): an envelope's must fit its experiment;
// for a bare result the current experiment wins when it fits; none or several fits are refused, naming
// why, so the user can choose. The file is untrusted: size-limited, parse errors and shape mismatches
// named; nothing from it ever reaches the URL. DOM-free.
import { APP_VERSION } from '../version';
import type { AnyResult } from '../experiments/generated';
import { defaults, type ExperimentId, type ExperimentMeta, type ParamValues } from '../experiments/schema';
import { isObject, resultShape } from '../experiments/result-shape';
import { coerceValue } from './values';
import { urlSpecs } from './url';

/** Larger files are refused before they are read (a 4096-point attention map's result is ~10 MB). */
export const RESULT_FILE_LIMIT_BYTES = 64 * 1024 * 1024;

interface ResultEnvelope {
  attnlab: string;
  experiment: string;
  /** Absent when the parameters are unknown (a bare result opened from a file and exported again). */
  params?: Record<string, number | string | number[]>;
  result: AnyResult;
}

export interface OpenedResult {
  experimentId: ExperimentId;
  /** Checked against the experiment's declared result shape. */
  result: AnyResult;
  /** The parameters to show: the envelope's (checked like a link's), else the panel's or the defaults. */
  values: ParamValues;
  /** True when the file named its parameters (an envelope): the run can be reproduced from them. */
  knownParams: boolean;
  /** One line each: what was assumed or corrected while reading. */
  notes: string[];
}

type ResultReading =
  | { ok: true; opened: OpenedResult }
  /** `choices`: the experiments the user may pick from to read the file as (absent when picking cannot help). */
  | { ok: false; error: string; choices?: string[] };

export interface ReadOptions {
  registry: readonly ExperimentMeta[];
  /** The experiment on screen and its panel values: preferred for a bare result that fits it. */
  current?: { experimentId: string; values: ParamValues };
  /** The experiment the user chose to read a bare result as. */
  chosen?: string;
  /**
   * The core's judgement of a value against every experiment's declared result shape: {id: first mismatch, '' when it
   * fits}.
   */
  check: ShapeCheck;
}

export type ShapeCheck = (value: unknown) => Promise<Record<string, string>>;

/** A value the core found to fit experiment `id`'s declared shape has the type generated from that shape. */
const asResult = (value: unknown): AnyResult => value as AnyResult;

export function resultEnvelope(
  experimentId: string,
  values: ParamValues | undefined,
  result: AnyResult,
): ResultEnvelope {
  if (!values) return { attnlab: APP_VERSION, experiment: experimentId, result };
  const params = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, Array.isArray(v) ? [...v] : v]));
  return { attnlab: APP_VERSION, experiment: experimentId, params, result };
}

/** A refusal for a file too large to read; undefined when the size is fine. */
export function sizeRefusal(name: string, bytes: number): string | undefined {
  if (bytes <= RESULT_FILE_LIMIT_BYTES) return undefined;
  return (
    `${name}: ${(bytes / 2 ** 20).toFixed(1)} MiB is more than ` +
    `the ${RESULT_FILE_LIMIT_BYTES / 2 ** 20} MiB a result file may have`
  );
}

/** The envelope's parameters read like a link's: unknown keys dropped, bad values replaced, each with a note. */
function envelopeValues(meta: ExperimentMeta, params: unknown, notes: string[]): ParamValues {
  const values = defaults(meta);
  if (!isObject(params)) {
    notes.push('the file names no parameters: the panel shows the defaults');
    return values;
  }
  const specs = urlSpecs(meta);
  const ignored = Object.keys(params).filter((key) => !specs.some((s) => s.key === key));
  if (ignored.length) notes.push(`ignored unknown parameters: ${ignored.slice(0, 8).join(', ')}`);
  for (const spec of specs) {
    const raw = params[spec.key];
    if (raw === undefined) continue;
    const text = Array.isArray(raw) ? raw.map(String).join(',') : typeof raw === 'object' ? '' : String(raw);
    const { value, notice } = coerceValue(spec, text);
    values[spec.key] = value;
    if (notice) notes.push(notice);
  }
  return values;
}

async function readEnvelope(data: Record<string, unknown>, name: string, o: ReadOptions): Promise<ResultReading> {
  const id = data.experiment;
  const meta = typeof id === 'string' ? o.registry.find((m) => m.id === id) : undefined;
  if (!meta)
    return {
      ok: false,
      error: `${name}: "experiment" is ${JSON.stringify(id)?.slice(0, 60)}, not one of this attnlab's experiments`,
    };
  if (!('result' in data)) return { ok: false, error: `${name}: the envelope has no "result"` };
  const mismatch = (await o.check(data.result))[meta.id] ?? `${meta.id} declares no result shape`;
  if (mismatch) return { ok: false, error: `${name}: not a ${meta.id} result: ${mismatch}` };
  const notes: string[] = [];
  if (data.attnlab !== APP_VERSION)
    notes.push(`made with attnlab ${String(data.attnlab).slice(0, 20)}; this is ${APP_VERSION}`);
  const values = envelopeValues(meta, data.params, notes);
  return {
    ok: true,
    opened: { experimentId: meta.id, result: asResult(data.result), values, knownParams: isObject(data.params), notes },
  };
}

/** The number of the declared top-level keys the value has: how close a non-fitting experiment is. */
function overlap(id: string, value: Record<string, unknown>): number {
  const shape = resultShape(id);
  return isObject(shape) ? Object.keys(shape).filter((k) => k in value).length : 0;
}

async function readBare(data: Record<string, unknown>, name: string, o: ReadOptions): Promise<ResultReading> {
  const ids: string[] = o.registry.map((m) => m.id);
  const mismatches = await o.check(data);
  const fitting = (id: string) => mismatches[id] === '';
  const asOne = (meta: ExperimentMeta, note: string): ResultReading => {
    const values = o.current?.experimentId === meta.id ? { ...o.current.values } : defaults(meta);
    return {
      ok: true,
      opened: { experimentId: meta.id, result: asResult(data), values, knownParams: false, notes: [note] },
    };
  };
  if (o.chosen !== undefined) {
    const meta = o.registry.find((m) => m.id === o.chosen);
    if (!meta || mismatches[meta.id] === undefined)
      return { ok: false, error: `${name}: unknown experiment "${o.chosen.slice(0, 40)}"`, choices: ids };
    if (!fitting(meta.id))
      return { ok: false, error: `${name}: not a ${o.chosen} result: ${mismatches[meta.id]}`, choices: ids };
    return asOne(meta, `read as ${o.chosen}, as chosen; a bare result carries no parameters`);
  }
  const fits = o.registry.filter((meta) => fitting(meta.id));
  const matching = fits.map((m) => m.id);
  const current = fits.find((m) => m.id === o.current?.experimentId);
  if (current)
    return asOne(
      current,
      `a bare result (no experiment id, no parameters): it fits ${current.id}, the experiment on screen`,
    );
  if (fits.length === 1)
    return asOne(fits[0], `a bare result (no experiment id, no parameters): it fits ${matching[0]} only`);
  if (matching.length > 1)
    return {
      ok: false,
      error: `${name}: a bare result that fits ${matching.length} experiments (${matching.join(', ')}): choose one`,
      choices: matching,
    };
  const closest = [...ids].sort((a, b) => overlap(b, data) - overlap(a, data))[0];
  const why = closest ? (mismatches[closest] ?? '') : '';
  return { ok: false, error: `${name}: fits no experiment's result; closest is ${closest}: ${why}`, choices: ids };
}

/**
 * Text from a file as a message shows it: control characters written as \xNN (a key "a\nb" would start a second line),
 * at most 400 characters.
 */
function oneLine(text: string): string {
  const line = text.replace(
    /[\u0000-\u001f\u007f-\u009f]/g,
    (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`,
  );
  const chars = [...line];
  return chars.length > 400 ? `${chars.slice(0, 399).join('')}…` : line;
}

/** Reads a result file's text (its size already checked with sizeRefusal): its error, or each note, on one line. */
export async function readResultText(text: string, name: string, o: ReadOptions): Promise<ResultReading> {
  const reading = await readText(text, name, o);
  if (!reading.ok) return { ...reading, error: oneLine(reading.error) };
  reading.opened.notes = reading.opened.notes.map(oneLine);
  return reading;
}

async function readText(text: string, name: string, o: ReadOptions): Promise<ResultReading> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `${name}: not valid JSON (${(error as Error).message.slice(0, 120)})` };
  }
  if (!isObject(data))
    return {
      ok: false,
      error:
        `${name}: expected a JSON object (a result or an attnlab envelope), ` +
        `got ${Array.isArray(data) ? 'an array' : JSON.stringify(data)?.slice(0, 40)}`,
    };
  const envelope = typeof data.attnlab === 'string' && 'experiment' in data;
  // A merge with missing jobs (attnlab combine) says so at its top level: drawn as what it is, with a note.
  const partial = isObject(data.partial) ? data.partial : undefined;
  if (partial && !envelope) delete data.partial;
  const reading = await (envelope ? readEnvelope(data, name, o) : readBare(data, name, o));
  if (partial && reading.ok) {
    const missing = Array.isArray(partial.missing) ? partial.missing : [];
    reading.opened.notes.push(
      `partial: ${Number(partial.done)} of ${Number(partial.total)} jobs merged; missing ` +
        `jobs ${missing.slice(0, 20).join(', ')}${missing.length > 20 ? ', …' : ''}`,
    );
  }
  return reading;
}
