// SPDX-License-Identifier: Apache-2.0
// The parameter panel: one <fieldset> per schema group, the seed with a "new seed" button, the
// experiment's presets and, when it takes one, a file upload. Reading never throws: a value that
// does not validate is handed on as typed text so the core's error names the parameter and range.
import { EXPERIMENTS } from '../../experiments';
import { RNG_SPEC, SEED_SPEC, takesHeads, type ExperimentMeta, type ParamValues } from '../../experiments/schema';
import { presetLinksOf } from '../../state/preset-links';
import type { ModelLink } from '../../state/model-link';
import { coerceValue } from '../../state/values';
import { createControl, type Control } from './controls';
import { h } from '../dom';
import type { HeadAttention } from '../model/attention';
import { headsChoice, modelHeadFiles, tagSourceFields } from '../uploads/heads-choice';
import { sourceWaits, type HeadsSource } from '../uploads/heads-source';
import { headPicker } from './head-picker';
import { corpusStudyField } from '../corpus/corpus-panel';
import { modelField } from '../model/model-panel';
import type { ReadHeads } from '../model/read-heads';
import { attachedFiles, modelHeadsRead, sourceChosen } from '../uploads/uploads';
import { fileFields, untouchedScale, UPLOAD_STATE_EVENT, type FilesHeld } from './file-fields';

export { UPLOAD_STATE_EVENT } from './file-fields';

interface PanelReading {
  values: ParamValues;
  /** Keys whose text is not a valid value (sent to the core as typed, so it reports them). */
  invalid: string[];
}

interface PanelHandlers {
  onNewSeed: () => void;
  /** The files attached to the run (ui/uploads/uploads.ts): held by the page, replaced by the file fields. */
  files: FilesHeld;
}

export interface Panel {
  read(): PanelReading;
  write(values: ParamValues): void;
  focus(key: string): void;
  /** Head `index` of a model's heads: its attention over the text (undefined without a model's text heads). */
  modelAttention(index: number): Promise<HeadAttention | undefined>;
  /**
   * Why Run must wait for the panel (a model's heads being read or not read for its text); undefined when it need not.
   */
  busy(): string | undefined;
  /**
   * A link made with a model: its text is filled in and the folder opened is checked against its fingerprint; true when
   * the heads it asks for are already read.
   */
  expectModel(link: ModelLink | undefined): boolean;
  /** The model and text the panel holds (a model open and chosen), which the address records before any run. */
  modelLink(): ModelLink | undefined;
  /** Where the heads come from (undefined: the experiment takes no heads). */
  source(): HeadsSource | undefined;
  /** Shows `source` as where the heads come from (a link, the panel rebuilt); no event: the state already says it. */
  chooseSource(source: HeadsSource): void;
  /**
   * Marks the field of a parameter the core refused (aria-invalid, as a value that cannot be read); the next read
   * clears it.
   */
  markRefused(key: string): void;
}

function groupsOf(meta: ExperimentMeta): Map<string, typeof meta.params> {
  const groups = new Map<string, typeof meta.params>();
  for (const spec of meta.params) {
    const name = spec.group ?? 'Parameters';
    groups.set(name, [...(groups.get(name) ?? []), spec]);
  }
  return groups;
}

/** The "Reproduce" menu: every preset is an ordinary link (fixed seed), so it can be shared as is. */
function presetBar(meta: ExperimentMeta): HTMLElement {
  const bar = h(
    'nav',
    { class: 'presets', 'aria-labelledby': 'presets-label' },
    h('p', { id: 'presets-label', class: 'group-label' }, 'Reproduce'),
  );
  for (const p of presetLinksOf(meta, EXPERIMENTS))
    bar.append(h('a', { class: 'preset', href: p.link, title: p.description }, p.label));
  return bar;
}

export function buildPanel(form: HTMLFormElement, meta: ExperimentMeta, handlers: PanelHandlers): Panel {
  form.replaceChildren();
  const { files } = handlers;
  if (meta.presets?.length) form.append(presetBar(meta));
  const controls = parameterFieldsets(form, meta);
  const fields = fileFields(form, meta, controls, files);
  const { model, choice } = headsFields(form, meta, controls, files, fields.fieldsets);
  /** Why Run waits for the heads of the source chosen (a model being read, none opened, no file chosen). */
  const headsWait = () => {
    const { source } = files.get();
    if (source === 'zoo' || !source) return undefined;
    return (
      (source === 'model' ? model?.busy() : undefined) ?? sourceWaits(source, attachedFiles(files.get(), meta).length)
    );
  };
  controls.push(...randomness(form, handlers.onNewSeed));

  return {
    read: () => readingOf(controls),
    write(values) {
      for (const control of controls) {
        const value = values[control.spec.key];
        if (value !== undefined) control.write(value);
        control.input.setAttribute('aria-invalid', 'false');
      }
    },
    busy: headsWait,
    modelAttention: async (index) => model?.attention(index),
    expectModel: (link) => model?.expect(link) ?? false,
    modelLink: () => (files.get().source === 'model' ? model?.link() : undefined),
    source: () => files.get().source,
    chooseSource(source) {
      if (!choice) return;
      files.set(sourceChosen(files.get(), source));
      choice.show(source);
    },
    focus(key) {
      controls.find((c) => c.spec.key === key)?.input.focus();
    },
    markRefused(key) {
      (controls.find((c) => c.spec.key === key)?.input ?? fields.inputs.get(key))?.setAttribute('aria-invalid', 'true');
    },
  };
}

/** One fieldset of controls per group of the experiment's parameters, in the form; their controls. */
function parameterFieldsets(form: HTMLFormElement, meta: ExperimentMeta): Control[] {
  const controls: Control[] = [];
  for (const [name, specs] of groupsOf(meta)) {
    const fieldset = h('fieldset', { class: 'group' }, h('legend', {}, name));
    for (const spec of specs) {
      const control = createControl(spec);
      controls.push(control);
      fieldset.append(control.element);
    }
    form.append(fieldset);
  }
  return controls;
}

/**
 * Where the heads come from (an experiment that takes heads): the choice, first, then "Your model" and the file
 * fields, each shown when chosen; a model's head picked as layer × head. Else the file fields alone.
 */
function headsFields(
  form: HTMLFormElement,
  meta: ExperimentMeta,
  controls: Control[],
  files: FilesHeld,
  fileFieldsets: HTMLElement[],
) {
  // A model's head is chosen as layer × head beside the flat index (ui/panel/head-picker.ts).
  const headControl = controls.find((c) => c.spec.key === 'head');
  const picker = headControl && takesHeads(meta) ? headPicker(headControl) : undefined;
  if (picker) headControl!.element.append(picker.element);
  // A model's heads are kept apart from the files (ui/uploads/uploads.ts), used while the model is the heads' source.
  const model = takesHeads(meta)
    ? modelField(
        (read?: ReadHeads) => {
          files.set(modelHeadsRead(files.get(), read && modelHeadFiles(read)));
          const layers = read ? (read.link.lastLayer ?? read.info.layers - 1) + 1 : 0;
          picker?.setShape(read && { layers, heads: read.info.heads });
          // Each layer's attention scale is already in Q: the logits are Q Kᵀ (as a head bundle's scale fills the field).
          if (read) untouchedScale(controls, meta, 'q')?.write(1);
          form.dispatchEvent(new Event(UPLOAD_STATE_EVENT));
        },
        () => form.dispatchEvent(new Event(UPLOAD_STATE_EVENT)),
      )
    : undefined;
  // rank-zoo on a model also studies it over a corpus (ui/corpus/corpus-panel.ts); the state takes what it sets.
  const changed = () => form.dispatchEvent(new Event(UPLOAD_STATE_EVENT));
  if (model && meta.id === 'rank-zoo') model.element.append(corpusStudyField(controls, changed));
  // Where the heads come from, first: the choice, then the model's panel and the files, each shown when chosen.
  const choice = model
    ? headsChoice(form, (source) => {
        files.set(sourceChosen(files.get(), source));
        form.dispatchEvent(new Event(UPLOAD_STATE_EVENT));
      })
    : undefined;
  if (choice && model) {
    model.element.dataset.for = 'model';
    for (const fieldset of fileFieldsets) fieldset.dataset.for = 'files';
    form.prepend(choice.element, model.element, ...fileFieldsets);
    tagSourceFields(form, meta);
    choice.show(files.get().source ?? 'zoo');
  } else form.append(...fileFieldsets);
  return { model, choice };
}

/** "Randomness": the seed with its "New seed" button, and the generator; their controls. */
function randomness(form: HTMLFormElement, onNewSeed: () => void): Control[] {
  const seed = createControl(SEED_SPEC);
  const newSeed = h('button', { type: 'button', id: 'new-seed', class: 'secondary' }, 'New seed');
  newSeed.addEventListener('click', onNewSeed);
  seed.element.querySelector('.param-inputs')?.append(newSeed);
  const rng = createControl(RNG_SPEC);
  form.append(h('fieldset', { class: 'group' }, h('legend', {}, 'Randomness'), seed.element, rng.element));
  return [seed, rng];
}

/** The controls' values; a text that is not a valid value is kept as typed (and marked), so the core names it. */
function readingOf(controls: Control[]): PanelReading {
  const values: ParamValues = {};
  const invalid: string[] = [];
  for (const control of controls) {
    const text = control.read();
    const { value, notice } = coerceValue(control.spec, text);
    values[control.spec.key] = notice ? text : value;
    control.input.setAttribute('aria-invalid', String(Boolean(notice)));
    if (notice) invalid.push(control.spec.key);
  }
  return { values, invalid };
}
