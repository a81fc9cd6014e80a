// SPDX-License-Identifier: Apache-2.0
// Turning text (from the URL or a form field) into a valid parameter value, per its schema entry.
// Never throws: a bad value becomes the nearest valid one (numbers) or the default, with a notice
// that names the key, what was given and what was used.
import { parseDecimal } from '../engine/decimal';
import { TEXT, TEXT_EXCLUDED } from '../experiments/generated/syntax';
import type { ParamSpec, ParamValue } from '../experiments/schema';

interface Coerced {
  value: ParamValue;
  /** Set when the text was not used as given. */
  notice?: string;
}

/** Text form of a value as written in the URL and shown in the panel. */
export function formatValue(value: ParamValue): string {
  return Array.isArray(value) ? value.map(String).join(',') : String(value);
}

export function sameValue(a: ParamValue, b: ParamValue): boolean {
  return formatValue(a) === formatValue(b);
}

type NumericSpec = { kind: string; min: number; max: number; minOpen?: boolean; maxOpen?: boolean; step?: number };

/** A value strictly inside an open end: one step (or a millionth of the range) away from it. */
function insideOpenEnd(spec: NumericSpec, end: 'min' | 'max'): number {
  const nudge = spec.step ?? (spec.max - spec.min) * 1e-6;
  return end === 'min' ? spec.min + nudge : spec.max - nudge;
}

/** Clamps one number into the parameter's range; returns why it changed, if it did. */
function clampNumber(spec: NumericSpec, x: number, integer: boolean): { value: number; why?: string } {
  let value = x;
  let why: string | undefined;
  if (integer && !Number.isInteger(value)) {
    value = Math.round(value);
    why = 'is not an integer';
  }
  if (spec.minOpen ? value <= spec.min : value < spec.min) {
    return spec.minOpen
      ? { value: insideOpenEnd(spec, 'min'), why: `is not above the exclusive minimum ${spec.min}` }
      : { value: spec.min, why: `is below the minimum ${spec.min}` };
  }
  if (spec.maxOpen ? value >= spec.max : value > spec.max) {
    return spec.maxOpen
      ? { value: insideOpenEnd(spec, 'max'), why: `is not below the exclusive maximum ${spec.max}` }
      : { value: spec.max, why: `is above the maximum ${spec.max}` };
  }
  return { value, why };
}

function coerceNumber(spec: ParamSpec & NumericSpec, raw: string, integer: boolean): Coerced {
  const x = parseDecimal(raw);
  if (x === undefined) {
    const used = spec.default as number;
    return { value: used, notice: `${spec.key}: "${raw}" is not a number; used the default ${used}` };
  }
  const { value, why } = clampNumber(spec, x, integer);
  return why ? { value, notice: `${spec.key}: ${raw.trim()} ${why}; used ${value}` } : { value };
}

function coerceList(spec: ParamSpec & NumericSpec & { maxCount: number }, raw: string, integer: boolean): Coerced {
  const problems: string[] = [];
  const values: number[] = [];
  for (const part of raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')) {
    const x = parseDecimal(part);
    if (x === undefined) {
      problems.push(`"${part}" is not a number (dropped)`);
      continue;
    }
    const { value, why } = clampNumber(spec, x, integer);
    if (why) problems.push(`${part} ${why} (used ${value})`);
    values.push(value);
  }
  if (values.length > spec.maxCount) {
    problems.push(`more than ${spec.maxCount} entries (kept the first ${spec.maxCount})`);
    values.length = spec.maxCount;
  }
  if (values.length === 0) {
    const used = formatValue(spec.default as number[]);
    return {
      value: [...(spec.default as number[])],
      notice: `${spec.key}: "${raw}" has no usable number; used the default ${used}`,
    };
  }
  return problems.length ? { value: values, notice: `${spec.key}: ${problems.join('; ')}` } : { value: values };
}

// Text parameters: printable ASCII without spaces or TEXT_EXCLUDED (the core's rule, generated from it);
// the core parses the text itself and names the key if it is wrong.
function coerceText(spec: ParamSpec & { kind: 'text' }, raw: string): Coerced {
  const t = raw.trim();
  if (t.length > 0 && t.length <= spec.maxLength && TEXT.test(t)) return { value: t };
  const why =
    t.length > spec.maxLength
      ? `is longer than ${spec.maxLength} characters`
      : `is empty or has a space or one of ${[...TEXT_EXCLUDED].join(' ')}`;
  return { value: spec.default, notice: `${spec.key}: "${raw}" ${why}; used the default ${spec.default}` };
}

/** Parses and validates one parameter's text; the result is always within the schema. */
export function coerceValue(spec: ParamSpec, raw: string): Coerced {
  switch (spec.kind) {
    case 'int':
      return coerceNumber(spec, raw, true);
    case 'real':
      return coerceNumber(spec, raw, false);
    case 'intList':
      return coerceList(spec, raw, true);
    case 'realList':
      return coerceList(spec, raw, false);
    case 'text':
      return coerceText(spec, raw);
    case 'enum': {
      const t = raw.trim();
      if (spec.options.some((o) => o.value === t)) return { value: t };
      const allowed = spec.options.map((o) => o.value).join(', ');
      return {
        value: spec.default,
        notice: `${spec.key}: "${raw}" is not one of ${allowed}; used the default ${spec.default}`,
      };
    }
  }
}
