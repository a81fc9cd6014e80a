// SPDX-License-Identifier: Apache-2.0
// The headline numbers above the figures ([data-key] elements whose text is the value): the experiment's own, the
// model whose heads were read named first, and a sweep's finished share while it runs or after Stop.
import type { Headline } from '../../experiments/schema';
import type { ModelLink } from '../../state/model-link';
import { showable } from '../../state/url';
import { modelSource } from '../model/state';
import { h } from '../dom';

/** A sweep's finished share, shown while it runs and after Stop (then it is the run's own result). */
export interface PartialRun {
  done: number;
  total: number;
  stopped?: boolean;
}

export function drawHeadline(
  container: HTMLElement,
  items: Headline[],
  model: ModelLink | undefined,
  partial?: PartialRun,
): void {
  // The model's item says where the heads come from: the experiment's own "Heads: uploaded heads" would not.
  if (model) items = items.filter((item) => item.key !== 'source');
  if (model)
    items.unshift({
      key: 'model',
      label: 'Model',
      value: showable(modelSource(model)),
      help: model.weights
        ? 'the heads are this model’s query and key weights, no text read (Your model)'
        : 'the heads are this model’s, on this text (Your model)',
    });
  container.replaceChildren(
    ...items.map((item) =>
      h(
        'div',
        { class: 'headline-item', title: item.help },
        h('dt', {}, item.label),
        h(
          'dd',
          { 'data-key': item.key, 'data-value': item.raw === undefined ? undefined : String(item.raw) },
          item.value,
        ),
      ),
    ),
  );
  if (partial)
    container.prepend(
      h(
        'div',
        { class: 'headline-item partial', 'data-partial': partial.stopped ? 'stopped' : 'running' },
        h('dt', {}, partial.stopped ? 'Partial result, stopped' : 'Partial result so far'),
        h('dd', {}, `${partial.done} of ${partial.total} jobs`),
      ),
    );
}
