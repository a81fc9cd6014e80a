// SPDX-License-Identifier: Apache-2.0
// Whether the result on screen still describes the panel: the keys whose text in the panel does
// not give exactly the value the shown result was computed with. Pure (no DOM, no side effects).
import type { ExperimentMeta, ParamValues } from '../experiments/schema';
import { urlSpecs } from '../state/url';
import { coerceValue, sameValue } from '../state/values';

/** `readText(key)` is the control's text, or undefined when the panel has no control for it. */
export function changedKeys(
  meta: ExperimentMeta,
  readText: (key: string) => string | undefined,
  shown: ParamValues,
): string[] {
  const changed: string[] = [];
  for (const spec of urlSpecs(meta)) {
    const text = readText(spec.key);
    if (text === undefined) continue;
    const { value, notice } = coerceValue(spec, text.trim());
    // Text that does not validate as given cannot be what the shown result ran with.
    if (notice || shown[spec.key] === undefined || !sameValue(value, shown[spec.key])) changed.push(spec.key);
  }
  return changed;
}

/** A form's control text by parameter key (controls are named by their key). */
export function formText(form: HTMLFormElement): (key: string) => string | undefined {
  return (key) => {
    const control = form.elements.namedItem(key);
    return control instanceof HTMLInputElement || control instanceof HTMLSelectElement ? control.value : undefined;
  };
}
