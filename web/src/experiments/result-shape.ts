// A result checked against its experiment's declared shape (keys and types, not values): the same
// language and the same messages as the core's shapeMismatch (wasm/core/src/result_shape.cpp), so a
// result file is judged in the page exactly as the core's golden test judges the core's output.
// Shape language: "int", "number", "bool", "string", "null", unions "number|null", arrays "number[]"
// or "(int|null)[]", nested objects (with "$nullable": true when the object may be null) and arrays
// of objects [ {...} ]. Every declared key must be present and no other key may appear.
import { SCHEMAS, type ExperimentId, type ResultOf } from './generated';

export type Shape = string | readonly Shape[] | { readonly [key: string]: Shape | boolean };

function scalarMatches(type: string, v: unknown): boolean {
  switch (type) {
    case 'null': return v === null;
    case 'bool': return typeof v === 'boolean';
    case 'string': return typeof v === 'string';
    case 'number': return typeof v === 'number';
    case 'int': return typeof v === 'number' && Number.isInteger(v);
    default: return false;
  }
}

function typeMatches(type: string, v: unknown): boolean {
  if (type.length > 2 && type.endsWith('[]')) {
    if (!Array.isArray(v)) return false;
    let element = type.slice(0, -2);
    if (element.length > 2 && element.startsWith('(') && element.endsWith(')')) element = element.slice(1, -1);
    return v.every((x) => typeMatches(element, x));
  }
  return type.split('|').some((t) => scalarMatches(t, v));
}

/** The value as the message shows it: JSON, cut to 60 characters. */
function got(v: unknown): string {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** '' when `value` conforms to `shape`, else the first mismatch ("perN[0].mean: expected number|null, got \"x\""). */
export function shapeMismatch(shape: Shape, value: unknown, path = ''): string {
  const here = path === '' ? 'result' : path;
  if (typeof shape === 'string') return typeMatches(shape, value) ? '' : `${here}: expected ${shape}, got ${got(value)}`;
  if (Array.isArray(shape)) {
    if (!Array.isArray(value)) return `${here}: expected an array, got ${got(value)}`;
    for (let i = 0; i < value.length; i++) {
      const m = shapeMismatch(shape[0] as Shape, value[i], `${here}[${i}]`);
      if (m) return m;
    }
    return '';
  }
  const object = shape as { readonly [key: string]: Shape | boolean };
  if (value === null && object.$nullable === true) return '';
  if (!isObject(value)) return `${here}: expected an object, got ${got(value)}`;
  for (const [key, sub] of Object.entries(object)) {
    if (key === '$nullable') continue;
    if (!Object.hasOwn(value, key)) return `${here}.${key}: missing`;
    const m = shapeMismatch(sub as Shape, value[key], path === '' ? key : `${path}.${key}`);
    if (m) return m;
  }
  for (const key of Object.keys(value)) if (!Object.hasOwn(object, key)) return `${here}.${key}: not declared in the result shape`;
  return '';
}

/** Each experiment's declared result shape, by id. */
export function resultShape(id: string): Shape | undefined {
  return SCHEMAS.find((s) => s.id === id)?.result;
}

/**
 * The shape check as a type guard: a value with the shape experiment `id` declares has the type generated
 * from that shape, ResultOf[id]. `shape` is the declared one unless a test gives another.
 */
export function isResultOf<Id extends ExperimentId>(id: Id, value: unknown, shape: Shape | undefined = resultShape(id)): value is ResultOf[Id] {
  return shape !== undefined && shapeMismatch(shape, value) === '';
}

/** `value` as experiment `id`'s result when it has the declared shape, else the first mismatch (shapeMismatch's words). */
export function readResultAs<Id extends ExperimentId>(id: Id, value: unknown, shape: Shape | undefined = resultShape(id)):
  { result: ResultOf[Id] } | { mismatch: string } {
  if (isResultOf(id, value, shape)) return { result: value };
  return { mismatch: shape ? shapeMismatch(shape, value) : `${id} declares no result shape` };
}
