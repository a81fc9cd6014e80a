// SPDX-License-Identifier: Apache-2.0
// Whether the result on screen still describes the page's state: the keys whose value in the link's state (with
// any text the panel holds that is not a valid value) is not the value the shown result was computed with. Pure (no
// DOM, no side effects).
import type { ExperimentMeta, ParamValues } from '../../experiments/schema';
import { urlSpecs } from '../../state/url';
import { sameValue } from '../../state/values';

/**
 * `current`: the state's values; `invalid`: keys for which the panel holds text that is not a valid value (the
 * state keeps the last valid value for them), which cannot be what the shown result ran with.
 */
export function changedKeys(
  meta: ExperimentMeta,
  current: ParamValues,
  invalid: readonly string[],
  shown: ParamValues,
): string[] {
  return urlSpecs(meta)
    .map((spec) => spec.key)
    .filter((key) => {
      if (invalid.includes(key)) return true;
      const [now, then] = [current[key], shown[key]];
      return now === undefined || then === undefined ? now !== then : !sameValue(now, then);
    });
}
