// SPDX-License-Identifier: Apache-2.0
// The headline numbers above the figures ([data-key] elements whose text is the value): the experiment's own, the
// model whose heads were read named first, and a sweep's finished share while it runs or after Stop.
import type { Headline } from '../experiments/schema';
import { showable } from '../state/url';
import { h } from './dom';

/** A sweep's finished share, shown while it runs and after Stop (then it is the run's own result). */
export interface PartialRun {
  done: number;
  total: number;
  stopped?: boolean;
}

export function drawHeadline(
  container: HTMLElement,
  items: Headline[],
  model: { name: string; text: string } | undefined,
  partial?: PartialRun,
): void {
  if (model) {
    const text = model.text.length > 60 ? `${model.text.slice(0, 57)}…` : model.text;
    items.unshift({
      key: 'model',
      label: 'Model',
      value: `${showable(model.name)} reading “${showable(text)}”`,
      help: 'the heads are this model’s, on this text (Your own model)',
    });
  }
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
