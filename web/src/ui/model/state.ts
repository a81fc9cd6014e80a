// SPDX-License-Identifier: Apache-2.0
// "Your own model" as a value with pure transitions (as ui/uploads/uploads.ts is for files): the model open, the
// reader's choice (text, first token, last layer, weights only), the choice the heads on hand were read for, and
// whether a read is under way. Opening another model resets what belonged to the old one. No DOM: session.ts
// renders it.
import type { ModelLink } from '../../state/model-link';
import { quoted, readChangedSentence, readChanges } from './heads-stale';

/** What the panel needs of an opened model (engine/model-pass.ts: ModelInfo). */
interface ModelShape {
  name: string;
  layers: number;
  heads: number;
}

export interface ModelChoice {
  text: string;
  dropFirst: boolean;
  /** Layers 0..lastLayer are read. */
  lastLayer: number;
  weights: boolean;
}

export interface ModelPanelState {
  opened?: ModelShape & { fingerprint: string; folder?: string };
  choice: ModelChoice;
  /** The choice the heads on hand were read for (undefined: none read). */
  readFor?: ModelChoice;
  reading: boolean;
}

/** Paper 3 analyses 84 heads: BERT-base's first 7 layers of 12 heads. */
const PAPER_LAYERS = 7;

export const initialModelPanel = (text: string): ModelPanelState => ({
  choice: { text, dropFirst: false, lastLayer: 0, weights: false },
  reading: false,
});

/** Every layer, except a 12-layer model: its first 7 (the paper's 84-head size for 12 heads a layer). */
function defaultLastLayer(shape: ModelShape): number {
  return shape.layers === 12 ? PAPER_LAYERS - 1 : shape.layers - 1;
}

/** '' when every layer is read, else "; the first 7 of 12 layers (the paper’s 84 heads): Last layer 11 reads all 144". */
export function layersNote(shape: ModelShape, lastLayer: number): string {
  const layers = lastLayer + 1;
  if (layers >= shape.layers) return '';
  const paper = layers === PAPER_LAYERS && shape.heads === 12 ? ' (the paper’s 84 heads)' : '';
  return (
    `; the first ${layers} of ${shape.layers} layers${paper}: ` +
    `Last layer ${shape.layers - 1} reads all ${shape.layers * shape.heads}`
  );
}

/** A last layer the model has: `wanted` when it is one of its layers, else its default. */
export function clampLastLayer(shape: ModelShape, wanted: number | undefined): number {
  return wanted !== undefined && Number.isInteger(wanted) && wanted >= 0 && wanted < shape.layers
    ? wanted
    : defaultLastLayer(shape);
}

/**
 * Another model opened: nothing of the old one stays (its heads, its layer count). The text and the first-token and
 * weights choices are the reader's and stay; the layers are the new model's default, or what the link asks for.
 */
export function modelOpened(
  state: ModelPanelState,
  shape: ModelShape,
  fingerprint: string,
  expected?: ModelLink,
  folder?: string,
): ModelPanelState {
  const lastLayer = expected ? clampLastLayer(shape, expected.lastLayer ?? shape.layers - 1) : defaultLastLayer(shape);
  return {
    opened: { name: shape.name, layers: shape.layers, heads: shape.heads, fingerprint, ...(folder ? { folder } : {}) },
    choice: { ...state.choice, lastLayer },
    readFor: undefined,
    reading: false,
  };
}

/** The model closed (or a folder that could not be opened): no model, no heads. */
export const modelClosed = (state: ModelPanelState): ModelPanelState => ({ choice: state.choice, reading: false });

export const choiceEdited = (state: ModelPanelState, edit: Partial<ModelChoice>): ModelPanelState => ({
  ...state,
  choice: { ...state.choice, ...edit },
});

export const readStarted = (state: ModelPanelState): ModelPanelState => ({ ...state, reading: true });

/** A read ended: `readFor` the choice it read (undefined when stopped or refused: no heads on hand). */
export const readEnded = (state: ModelPanelState, readFor: ModelChoice | undefined): ModelPanelState => ({
  ...state,
  reading: false,
  readFor,
});

const sameChoice = (a: ModelChoice | undefined, b: ModelChoice | undefined): boolean =>
  a !== undefined &&
  b !== undefined &&
  a.weights === b.weights &&
  a.lastLayer === b.lastLayer &&
  (a.weights || (a.text === b.text && a.dropFirst === b.dropFirst));

/** The heads on hand are not the ones the choice asks for (a model is open and not being read). */
export const readOutdated = (state: ModelPanelState): boolean =>
  Boolean(state.opened) && !state.reading && !sameChoice(state.choice, state.readFor);

/** Why the heads on hand are not the ones the choice asks for ("The text changed since the heads were read (…)"). */
export const readStaleReason = (state: ModelPanelState): string =>
  state.readFor
    ? readChangedSentence(state.readFor, readChanges(state.readFor, state.choice), 'the heads')
    : 'No heads of this model are read yet';

/** Why Run waits for the model's heads (being read, or read for another choice); undefined when it need not. */
export function readWaits(state: ModelPanelState): string | undefined {
  if (state.reading) return 'The model’s heads are being read: Run when they are (or press Stop).';
  if (readOutdated(state)) return `${readStaleReason(state)}: press “Read the heads”, then Run.`;
  return undefined;
}

/** A link made with a model: its choices are the panel's (its last layer one the open model has). */
export function linkExpected(state: ModelPanelState, link: ModelLink, shape: ModelShape | undefined): ModelPanelState {
  const lastLayer = shape ? clampLastLayer(shape, link.lastLayer ?? shape.layers - 1) : 0;
  return choiceEdited(state, { text: link.text, dropFirst: link.dropFirst, weights: link.weights === true, lastLayer });
}

/** The link of the choice: what the address records while the panel holds it. */
export function linkOfChoice(state: ModelPanelState): ModelLink | undefined {
  const { opened, choice } = state;
  if (!opened) return undefined;
  return {
    name: opened.name,
    hash: opened.fingerprint,
    text: choice.text,
    dropFirst: choice.dropFirst,
    ...(choice.lastLayer < opened.layers - 1 ? { lastLayer: choice.lastLayer } : {}),
    ...(choice.weights ? { weights: true } : {}),
    ...(opened.folder ? { folder: opened.folder } : {}),
  };
}

/** How the page names a model: its folder's name when known, else its architecture ("BertModel"). */
export const modelName = (link: Pick<ModelLink, 'name' | 'folder'>): string => link.folder ?? link.name;

/** What the heads read: "bert-base reading “the cat sat…”" or "bert-base, weights only (W_Q W_Kᵀ)". */
export const modelSource = (link: ModelLink, chars = 60): string =>
  link.weights
    ? `${modelName(link)}, weights only (W_Q W_Kᵀ)`
    : `${modelName(link)} reading ${quoted(link.text, chars)}`;

/** The layers a link reads, in words. */
const layersRead = (link: ModelLink): string =>
  link.lastLayer === undefined ? 'every layer' : `layers 0 to ${link.lastLayer}`;

/** The page's summary after a run on a model's heads, in place of the experiment's own (which speaks of the zoo). */
export function modelSummary(title: string, link: ModelLink): string {
  return (
    `${title}, on the heads of ${modelSource(link, 80)} (${layersRead(link)}), read on this machine: ` +
    `the numbers are this model’s own, not the paper’s.`
  );
}

/**
 * The page's summary while “Your model” is chosen and no run is drawn, in place of the experiment's own (which speaks
 * of the zoo): what a run will analyse. `open`: the panel holds the model's folder (else the address alone names it).
 */
export function modelSummaryBeforeRun(title: string, link: ModelLink | undefined, open: boolean): string {
  if (!link)
    return (
      `${title}, on the heads of your own model: open a Hugging Face model folder under “Your model” (it is read ` +
      `on this machine and never leaves it), then Run. Nothing is analysed yet.`
    );
  const heads = `${title}, on the heads of ${modelSource(link, 80)} (${layersRead(link)})`;
  return open
    ? `${heads}: not analysed yet. Run analyses them on this machine; the numbers will be this model’s own, ` +
        `not the paper’s.`
    : `${heads}: the model is not read yet (links never carry models): open its folder under “Your model”, then Run.`;
}
