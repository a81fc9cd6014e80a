// SPDX-License-Identifier: Apache-2.0
// Each experiment's declared result shape, as the core declares it (the generated SCHEMAS). The page
// does not judge results itself: an opened result file is judged by the core (state/result-file.ts asks
// a core worker), and a shipped preset result is the build's own core output (scripts/precompute-presets.mjs).
import { SCHEMAS, type ExperimentId, type ResultOf } from './generated';

type Shape = string | readonly Shape[] | { readonly [key: string]: Shape | boolean };

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Each experiment's declared result shape, by id. */
export function resultShape(id: string): Shape | undefined {
  return SCHEMAS.find((s) => s.id === id)?.result;
}

/**
 * A shipped result (the build ran it through the core) has the type generated from its experiment's shape
 * when its top-level keys are the declared ones: this tells a file of this build from one of another build
 * (other keys), not a well-formed file from a malformed one (the core's check does that, for opened files).
 */
export function hasDeclaredKeys<Id extends ExperimentId>(id: Id, value: unknown): value is ResultOf[Id] {
  const shape = resultShape(id);
  if (!isObject(value) || !isObject(shape)) return false;
  const declared = Object.keys(shape).filter((k) => k !== '$nullable');
  return declared.length === Object.keys(value).length && declared.every((k) => Object.hasOwn(value, k));
}
