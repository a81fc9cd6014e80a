// Every preset as the link that opens it: defaults, the preset's values and the default seed, written
// by the URL codec. The Reproduce bar, the gallery and its build-time thumbnails all use these links,
// so a card, a Reproduce button and a pasted link are the same page.
import { formatLink } from '../state/url';
import { EXPERIMENTS } from './index';
import { defaults, SEED_SPEC, type ExperimentMeta, type ParamValues, type Preset } from './schema';

export interface PresetLink {
  meta: ExperimentMeta;
  preset: Preset;
  /** Position among the experiment's presets. */
  index: number;
  /** The link's hash, "#exp=…". */
  href: string;
  /** A file-name-safe id, "<experiment>-<index>" (the gallery's thumbnail is gallery/<slug>.png). */
  slug: string;
}

export function presetValues(meta: ExperimentMeta, preset: Preset): ParamValues {
  return { ...defaults(meta), ...preset.values, seed: SEED_SPEC.default } as ParamValues;
}

export function presetLinks(meta: ExperimentMeta): PresetLink[] {
  return (meta.presets ?? []).map((preset, index) => ({
    meta, preset, index, slug: `${meta.id}-${index + 1}`,
    href: formatLink({ experimentId: meta.id, values: presetValues(meta, preset), embed: false, hide: [] }, EXPERIMENTS),
  }));
}

export function allPresetLinks(): PresetLink[] {
  return EXPERIMENTS.flatMap(presetLinks);
}
