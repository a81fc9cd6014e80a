// SPDX-License-Identifier: Apache-2.0
// The experiment <select>, one <optgroup> per family in registry order.
import type { ExperimentMeta } from '../../experiments/schema';
import { h } from '../dom';

export function fillPicker(
  select: HTMLSelectElement,
  experiments: readonly ExperimentMeta[],
  familyLabels: Record<string, string>,
): void {
  select.replaceChildren();
  const groups = new Map<string, HTMLOptGroupElement>();
  for (const meta of experiments) {
    let group = groups.get(meta.family);
    if (!group) {
      group = h('optgroup', { label: familyLabels[meta.family] ?? meta.family });
      groups.set(meta.family, group);
      select.append(group);
    }
    group.append(h('option', { value: meta.id }, meta.title));
  }
}
