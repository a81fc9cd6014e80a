// SPDX-License-Identifier: Apache-2.0
// A preset is identified by its canonical link: formatLink of the defaults + the preset's values + the
// default seed. The Reproduce bar shows these links, the build precomputes them, and the page recognises
// exactly these (any other link runs live). DOM-free, so the build script and Vitest use it too.
import { defaults, SEED_SPEC, type ExperimentMeta, type ParamValues, type Preset } from '../experiments/schema';
import { formatLink, type AppState } from './url';

export interface PresetLink {
  experimentId: string;
  label: string;
  /** The preset's one-line claim (the gallery card's text, the Reproduce button's title). */
  description: string;
  values: ParamValues;
  link: string;
  /** A file-name-safe id, "<experiment>-<position from 1>" (the gallery's thumbnail is gallery/<slug>.png). */
  slug: string;
  /** The figure the gallery card photographs (its id); the first figure when unset. */
  thumbnail?: string;
}

function presetValues(meta: ExperimentMeta, preset: Preset): ParamValues {
  return { ...defaults(meta), ...preset.values, seed: SEED_SPEC.default } as ParamValues;
}

/** The link of a state as a preset would write it: no embed, no hide, no file. */
export function canonicalLink(
  state: Pick<AppState, 'experimentId' | 'values'>,
  registry: readonly ExperimentMeta[],
): string {
  return formatLink({ experimentId: state.experimentId, values: state.values, embed: false, hide: [] }, registry);
}

export function presetLinksOf(meta: ExperimentMeta, registry: readonly ExperimentMeta[]): PresetLink[] {
  return (meta.presets ?? []).map((preset, k) => {
    const values = presetValues(meta, preset);
    return {
      experimentId: meta.id,
      label: preset.label,
      description: preset.description,
      values,
      slug: `${meta.id}-${k + 1}`,
      ...(preset.thumbnail ? { thumbnail: preset.thumbnail } : {}),
      link: canonicalLink({ experimentId: meta.id, values }, registry),
    };
  });
}

/**
 * The name of a preset's shipped result, derived from its link alone so that the page needs no index
 * (one round trip less before the first figure) and no secure context (crypto.subtle is https-only):
 * 53-bit cyrb53 in hex; the build checks that no two presets share one.
 */
export function presetFileName(link: string): string {
  let h1 = 0xdeadbeef,
    h2 = 0x41c6ce57;
  for (let i = 0; i < link.length; i++) {
    const c = link.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${(4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0')}.json.gz`;
}

/** Every experiment's presets, in registry order. */
export function allPresetLinks(registry: readonly ExperimentMeta[]): PresetLink[] {
  return registry.flatMap((meta) => presetLinksOf(meta, registry));
}
