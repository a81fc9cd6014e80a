// SPDX-License-Identifier: Apache-2.0
// "Where the heads come from", first in the panel of an experiment that takes heads: three choices (the synthetic
// zoo, your model, your files), and each field of the panel tagged with the choices it belongs to, so that only
// those of the choice made are shown (form[data-heads], page.css). The value is ui/uploads/heads-source.ts's.
import { uploadsOf, type ExperimentMeta } from '../../experiments/schema';
import { h } from '../dom';
import { HEADS_SOURCES, type HeadsSource } from './heads-source';
import type { ReadHeads } from '../model/read-heads';
import type { ChosenFile } from './uploads';

interface HeadsChoice {
  element: HTMLFieldSetElement;
  /** Shows `source` as chosen (a link, a panel rebuilt), and only its fields. */
  show(source: HeadsSource): void;
}

/** The three choices; `onChoose`: the reader picked one. */
export function headsChoice(form: HTMLFormElement, onChoose: (source: HeadsSource) => void): HeadsChoice {
  const radios = new Map<HeadsSource, HTMLInputElement>();
  const element = h(
    'fieldset',
    { class: 'group heads-source', id: 'heads-source' },
    h('legend', {}, 'Where the heads come from'),
  );
  const row = h('div', { class: 'heads-source-choices', role: 'presentation' });
  for (const { source, label, help } of HEADS_SOURCES) {
    const radio = h('input', {
      type: 'radio',
      name: 'heads-source',
      id: `heads-${source}`,
      value: source,
      'aria-describedby': `heads-${source}-help`,
    });
    radio.addEventListener('change', () => {
      if (!radio.checked) return;
      form.dataset.heads = source;
      onChoose(source);
    });
    radios.set(source, radio);
    row.append(
      h(
        'div',
        { class: 'heads-source-choice' },
        radio,
        h('label', { for: `heads-${source}` }, label),
        h('p', { class: 'help', id: `heads-${source}-help` }, help),
      ),
    );
  }
  element.append(row);
  // The choice is the page's, not a parameter: its events start no live run (the page is told through onChoose).
  for (const type of ['input', 'change']) element.addEventListener(type, (e) => e.stopPropagation());
  return {
    element,
    show(source) {
      radios.get(source)!.checked = true;
      form.dataset.heads = source;
    },
  };
}

/**
 * Tags the fields of the panel with the choices they belong to (data-for): the parameters the heads' files replace
 * are the zoo's (a group of only those, the whole group), the Q·K scale of uploads is the files', the head index the
 * model's and the files'.
 */
export function tagSourceFields(form: HTMLFormElement, meta: ExperimentMeta): void {
  const heads = uploadsOf(meta).filter((spec) => spec.input === 'q' || spec.input === 'k');
  const replaced = new Set(heads.flatMap((spec) => spec.replaces ?? []));
  const scale = heads.find((spec) => spec.scaleParam)?.scaleParam;
  for (const param of form.querySelectorAll<HTMLElement>('.param[data-param]')) {
    const key = param.dataset.param ?? '';
    if (replaced.has(key)) param.dataset.for = 'zoo';
    else if (key === scale) param.dataset.for = 'files';
    else if (key === 'head') param.dataset.for = 'model files';
  }
  for (const group of form.querySelectorAll<HTMLElement>(':scope > fieldset.group')) {
    const params = [...group.querySelectorAll<HTMLElement>('.param[data-param]')];
    if (params.length && params.every((p) => p.dataset.for === 'zoo')) group.dataset.for = 'zoo';
  }
}

/** A model's heads as the experiment's Q and K (every head of the layers read, each layer's scale folded into Q). */
export function modelHeadFiles(read: ReadHeads): Record<string, ChosenFile> {
  const { q, k } = read.heads.stacks;
  const name = read.info.name;
  return {
    q: { name, input: 'q', array: { ...q, sparse: false, bundleScale: 1 }, model: read.link },
    k: { name, input: 'k', array: { ...k, sparse: false }, model: read.link },
  };
}
