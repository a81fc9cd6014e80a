// SPDX-License-Identifier: Apache-2.0
// The panel's file fields, one per named input of the experiment, each change put into the run's files
// (ui/uploads/uploads.ts). A JSON head bundle holds Q and K at once: it fills its companion field when that one is
// empty, and its own Q·K scale when the scale is left at the default.
import { parseInputOffThread } from '../../engine/off-thread';
import { takesHeads, uploadsOf, type ExperimentMeta, type UploadSpec } from '../../experiments/schema';
import { showable } from '../../state/url';
import { shapeText, uploadField } from '../uploads/field';
import { chosenByHand, filledFromCompanion, freeForCompanion, type ChosenFile, type Uploads } from '../uploads/uploads';
import type { Control } from './controls';

/** Fired on the form whenever a file field's state changes (chosen, read, refused, removed). */
export const UPLOAD_STATE_EVENT = 'attnlab:uploads';

/** The run's files: held by the page, replaced by the file fields. */
export type FilesHeld = { get(): Uploads; set(next: Uploads): void };

/** What the file fields share: the form they tell of each change, the parameters, the files, the status lines. */
interface FieldsContext {
  form: HTMLFormElement;
  meta: ExperimentMeta;
  fileSpecs: UploadSpec[];
  controls: Control[];
  files: FilesHeld;
  /** Each input's status line. */
  statuses: Map<string, HTMLElement>;
  budgetMiB: () => number;
}

interface FileFields {
  fieldsets: HTMLElement[];
  /** Each input's file input, by input name. */
  inputs: Map<string, HTMLInputElement>;
}

/**
 * The Q·K scale control of `input`'s file when it is still at its default (a bundle's or a model's scale may fill
 * it then); undefined otherwise.
 */
export function untouchedScale(controls: Control[], meta: ExperimentMeta, input: string): Control | undefined {
  const scaleKey = uploadsOf(meta).find((f) => f.input === input)?.scaleParam;
  const scaleControl = scaleKey ? controls.find((c) => c.spec.key === scaleKey) : undefined;
  return scaleControl && Number(scaleControl.read()) === scaleControl.spec.default ? scaleControl : undefined;
}

/** The experiment's file fields (none when it takes no file), their status carried from the page before. */
export function fileFields(
  form: HTMLFormElement,
  meta: ExperimentMeta,
  controls: Control[],
  files: FilesHeld,
): FileFields {
  const budgetMiB = () => {
    const text = controls.find((c) => c.spec.key === 'budget')?.read();
    const x = Number(text);
    return Number.isFinite(x) && x > 0 ? x : 1024;
  };
  const ctx: FieldsContext = {
    form,
    meta,
    fileSpecs: uploadsOf(meta),
    controls,
    files,
    statuses: new Map(),
    budgetMiB,
  };
  const inputs = new Map<string, HTMLInputElement>();
  const fieldsets: HTMLElement[] = [];
  for (const spec of ctx.fileSpecs) {
    const id = meta.uploads ? `upload-${spec.input}` : 'upload';
    const field = uploadField(
      meta,
      spec,
      id,
      budgetMiB,
      (u, refusedName) => store(ctx, spec.input, u, refusedName),
      (chosen, file) => void fromBundle(ctx, chosen, file),
      takesHeads(meta) ? 'No file chosen: Run waits for the heads’ files.' : undefined,
    );
    const kept = files.get().chosen[spec.input]; // carried from the page before (ui/uploads/uploads.ts carriedTo)
    if (kept) field.status.textContent = `${showable(kept.name)}: ${shapeText(kept.array)}, as on the page before.`;
    ctx.statuses.set(spec.input, field.status);
    inputs.set(spec.input, field.input);
    fieldsets.push(field.element);
  }
  return { fieldsets, inputs };
}

/** The input a bundle chosen for this one also fills (the core's rule: Q and K of one head). */
const companionOf = (ctx: FieldsContext, input: string) => ctx.fileSpecs.find((f) => f.input === input)?.companion;

/** A file chosen, refused (`refusedName`) or removed (undefined) for `input`, into the run's files. */
function store(ctx: FieldsContext, input: string, u: ChosenFile | undefined, refusedName?: string): void {
  const { files, statuses, form } = ctx;
  const other = companionOf(ctx, input);
  const { uploads, dropped } = chosenByHand(files.get(), input, u, refusedName, other);
  files.set(uploads);
  if (dropped && other) statuses.get(other)!.textContent = 'No file chosen.';
  form.dispatchEvent(new Event(UPLOAD_STATE_EVENT));
}

// A JSON head bundle holds Q and K at once: read the companion from the same file when its field is empty,
// and take the bundle's own Q·K scale when its parameter is left at the default (the core's rule names both).
async function fromBundle(ctx: FieldsContext, chosen: ChosenFile, file: File): Promise<void> {
  const { files, statuses, form, meta } = ctx;
  if (!file.name.toLowerCase().endsWith('.json')) return;
  const scale = chosen.array.bundleScale;
  // Two bundles that disagree on the Q·K scale are the core's to refuse, at Run (naming both; the field is marked).
  const scaleControl = untouchedScale(ctx.controls, meta, chosen.input);
  if (scale && scaleControl) {
    scaleControl.write(scale);
    statuses.get(chosen.input)!.textContent += ` Scale ${scale} taken from the bundle.`;
    form.dispatchEvent(new Event(UPLOAD_STATE_EVENT)); // the state takes the scale (runs read the state)
  }
  const other = companionOf(ctx, chosen.input);
  if (!other) return;
  const free = () => freeForCompanion(files.get(), other);
  if (!free() || !ctx.fileSpecs.some((f) => f.input === other)) return;
  const parsed = await parseInputOffThread(meta.id, other, file, ctx.budgetMiB());
  // Not a bundle of both, or changed meanwhile.
  if (!parsed.ok || !free() || files.get().chosen[chosen.input] !== chosen) return;
  files.set(filledFromCompanion(files.get(), other, { name: file.name, input: other, array: parsed.value }));
  statuses.get(other)!.textContent = `${showable(file.name)}: ${shapeText(parsed.value)}, from the same head bundle.`;
  form.dispatchEvent(new Event(UPLOAD_STATE_EVENT));
}
