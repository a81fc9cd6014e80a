// SPDX-License-Identifier: Apache-2.0
// The parameter panel: one <fieldset> per schema group, the seed with a "new seed" button, the
// experiment's presets and, when it takes one, a file upload. Reading never throws: a value that
// does not validate is handed on as typed text so the core's error names the parameter and range.
import { parseInputOffThread } from '../engine/off-thread';
import { EXPERIMENTS } from '../experiments';
import {
  RNG_SPEC,
  SEED_SPEC,
  takesHeads,
  uploadsOf,
  type ExperimentMeta,
  type ParamValues,
} from '../experiments/schema';
import { presetLinksOf } from '../state/preset-links';
import type { ModelLink } from '../state/model-link';
import { showable } from '../state/url';
import { coerceValue } from '../state/values';
import { createControl, type Control } from './controls';
import { h } from './dom';
import type { HeadAttention } from './model-attention';
import { headsChoice, modelHeadFiles, tagSourceFields } from './heads-choice';
import { sourceWaits, type HeadsSource } from './heads-source';
import { headPicker } from './head-picker';
import { corpusStudyField } from './corpus-panel';
import { modelField, type ReadHeads } from './model-panel';
import type { ChosenFile } from './run-input';
import { shapeText, uploadField } from './upload-field';
import {
  attachedFiles,
  chosenByHand,
  filledFromCompanion,
  freeForCompanion,
  modelHeadsRead,
  sourceChosen,
  type Uploads,
} from './uploads';

interface PanelReading {
  values: ParamValues;
  /** Keys whose text is not a valid value (sent to the core as typed, so it reports them). */
  invalid: string[];
}

export type { ChosenFile } from './run-input';

interface PanelHandlers {
  onNewSeed: () => void;
  /** The files attached to the run (ui/uploads.ts): held by the page, replaced by the file fields. */
  files: { get(): Uploads; set(next: Uploads): void };
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

/** Fired on the form whenever a file field's state changes (chosen, read, refused, removed). */
export const UPLOAD_STATE_EVENT = 'attnlab:uploads';
/** The panel set a value itself: the state takes it as it takes an edit. */
const uploadsChanged = (form: HTMLFormElement) => form.dispatchEvent(new Event(UPLOAD_STATE_EVENT));

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
  const controls: Control[] = [];
  const { files } = handlers;
  if (meta.presets?.length) form.append(presetBar(meta));
  for (const [name, specs] of groupsOf(meta)) {
    const fieldset = h('fieldset', { class: 'group' }, h('legend', {}, name));
    for (const spec of specs) {
      const control = createControl(spec);
      controls.push(control);
      fieldset.append(control.element);
    }
    form.append(fieldset);
  }
  const budgetMiB = () => {
    const text = controls.find((c) => c.spec.key === 'budget')?.read();
    const x = Number(text);
    return Number.isFinite(x) && x > 0 ? x : 1024;
  };
  const fileSpecs = uploadsOf(meta);
  /** The input a bundle chosen for this one also fills (the core's rule: Q and K of one head). */
  const companionOf = (input: string) => fileSpecs.find((f) => f.input === input)?.companion;
  const statuses = new Map<string, HTMLElement>();
  const fileInputs = new Map<string, HTMLInputElement>();
  const fileFieldsets: HTMLElement[] = [];
  // A JSON head bundle holds Q and K at once: read the companion from the same file when its field is empty,
  // and take the bundle's own Q·K scale when its parameter is left at the default (the core's rule names both).
  const fromBundle = async (chosen: ChosenFile, file: File) => {
    if (!file.name.toLowerCase().endsWith('.json')) return;
    const scale = chosen.array.bundleScale;
    // Two bundles that disagree on the Q·K scale are the core's to refuse, at Run (naming both; the field is marked).
    const scaleKey = fileSpecs.find((f) => f.input === chosen.input)?.scaleParam;
    const scaleControl = scaleKey ? controls.find((c) => c.spec.key === scaleKey) : undefined;
    if (scale && scaleControl && Number(scaleControl.read()) === scaleControl.spec.default) {
      scaleControl.write(scale);
      statuses.get(chosen.input)!.textContent += ` Scale ${scale} taken from the bundle.`;
      form.dispatchEvent(new Event(UPLOAD_STATE_EVENT)); // the state takes the scale (runs read the state)
    }
    const other = companionOf(chosen.input);
    if (!other) return;
    const free = () => freeForCompanion(files.get(), other);
    if (!free() || !fileSpecs.some((f) => f.input === other)) return;
    const parsed = await parseInputOffThread(meta.id, other, file, budgetMiB());
    // Not a bundle of both, or changed meanwhile.
    if (!parsed.ok || !free() || files.get().chosen[chosen.input] !== chosen) return;
    files.set(filledFromCompanion(files.get(), other, { name: file.name, input: other, array: parsed.value }));
    statuses.get(other)!.textContent = `${showable(file.name)}: ${shapeText(parsed.value)}, from the same head bundle.`;
    form.dispatchEvent(new Event(UPLOAD_STATE_EVENT));
  };
  const store = (input: string, u: ChosenFile | undefined, refusedName?: string) => {
    const other = companionOf(input);
    const { uploads, dropped } = chosenByHand(files.get(), input, u, refusedName, other);
    files.set(uploads);
    if (dropped && other) statuses.get(other)!.textContent = 'No file chosen.';
    form.dispatchEvent(new Event(UPLOAD_STATE_EVENT));
  };
  for (const spec of fileSpecs) {
    const id = meta.uploads ? `upload-${spec.input}` : 'upload';
    const field = uploadField(
      meta,
      spec,
      id,
      budgetMiB,
      (u, refusedName) => store(spec.input, u, refusedName),
      (chosen, file) => void fromBundle(chosen, file),
      takesHeads(meta) ? 'No file chosen: Run waits for the heads’ files.' : undefined,
    );
    const kept = files.get().chosen[spec.input]; // carried from the page before (ui/uploads.ts carriedTo)
    if (kept) field.status.textContent = `${showable(kept.name)}: ${shapeText(kept.array)}, as on the page before.`;
    statuses.set(spec.input, field.status);
    fileInputs.set(spec.input, field.input);
    fileFieldsets.push(field.element);
  }
  // A model's head is chosen as layer × head beside the flat index (ui/head-picker.ts).
  const headControl = controls.find((c) => c.spec.key === 'head');
  const picker = headControl && takesHeads(meta) ? headPicker(headControl) : undefined;
  if (picker) headControl!.element.append(picker.element);
  // A model's heads are kept apart from the files (ui/uploads.ts), used while the model is where the heads come from.
  const model = takesHeads(meta)
    ? modelField(
        (read?: ReadHeads) => {
          files.set(modelHeadsRead(files.get(), read && modelHeadFiles(read)));
          const layers = read ? (read.link.lastLayer ?? read.info.layers - 1) + 1 : 0;
          picker?.setShape(read && { layers, heads: read.info.heads });
          // Each layer's attention scale is already in Q: the logits are Q Kᵀ (as a head bundle's scale fills the field).
          const scaleKey = fileSpecs.find((f) => f.input === 'q')?.scaleParam;
          const scaleControl = scaleKey ? controls.find((c) => c.spec.key === scaleKey) : undefined;
          if (read && scaleControl && Number(scaleControl.read()) === scaleControl.spec.default) scaleControl.write(1);
          form.dispatchEvent(new Event(UPLOAD_STATE_EVENT));
        },
        () => form.dispatchEvent(new Event(UPLOAD_STATE_EVENT)),
      )
    : undefined;
  if (model && meta.id === 'rank-zoo') model.element.append(corpusStudyField(controls, () => uploadsChanged(form)));
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
  /** Why Run waits for the heads of the source chosen (a model being read, none opened, no file chosen). */
  const headsWait = () => {
    const { source } = files.get();
    if (source === 'zoo' || !source) return undefined;
    return (
      (source === 'model' ? model?.busy() : undefined) ?? sourceWaits(source, attachedFiles(files.get(), meta).length)
    );
  };

  const seed = createControl(SEED_SPEC);
  controls.push(seed);
  const newSeed = h('button', { type: 'button', id: 'new-seed', class: 'secondary' }, 'New seed');
  newSeed.addEventListener('click', handlers.onNewSeed);
  seed.element.querySelector('.param-inputs')?.append(newSeed);
  const rng = createControl(RNG_SPEC);
  controls.push(rng);
  form.append(h('fieldset', { class: 'group' }, h('legend', {}, 'Randomness'), seed.element, rng.element));

  return {
    read() {
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
    },
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
      (controls.find((c) => c.spec.key === key)?.input ?? fileInputs.get(key))?.setAttribute('aria-invalid', 'true');
    },
  };
}
