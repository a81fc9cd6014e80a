// SPDX-License-Identifier: Apache-2.0
// The URL is the state: `#exp=<id>&v=<schema version>&app=<attnlab version>&key=value…`, only
// non-default parameters, the seed always. Parsing treats the link as untrusted and never throws: every value it could
// not use as given is replaced (clamped or defaulted) and reported in a notice. DOM-free, so it tests in Node.
import {
  defaults,
  RNG_SPEC,
  SEED_SPEC,
  takesHeads,
  type ExperimentMeta,
  type ParamSpec,
  type ParamValues,
} from '../experiments/schema';
import { APP_VERSION, appVersionNotice } from './app-version';
import { MIGRATIONS, SCHEMA_VERSION, type LinkPairs, type Migration } from './migrations';
import { coerceValue, formatValue, sameValue } from './values';
import { encodePart, repeatedKeys, splitHash } from './hash-pairs';
import { fileName, showable } from './url-text';
import { MODEL_KEYS, modelLinkParts, parseModelLink, type ModelLink } from './model-link';
import LINK_KEYS from './link-keys.json';

/**
 * Parts of the page that `hide=` can hide (embed mode hides the header and picker by itself):
 * the panel, the one-paragraph summary, the explanation, the export buttons, the embedded view's
 * title line, the headline numbers, and `text` = every piece of prose (summary, explanation, captions).
 */
export const HIDEABLE = ['params', 'summary', 'explain', 'export', 'title', 'headline', 'text'] as const;
export type Hideable = (typeof HIDEABLE)[number];

/** Keys the codec owns; no parameter may use them (link-keys.json: Python's run_link reads the same list). */
export const RESERVED_KEYS: readonly string[] = [...LINK_KEYS.codecKeys, ...MODEL_KEYS];

export interface AppState {
  experimentId: string;
  /** Every parameter of the experiment plus the seed, all valid. */
  values: ParamValues;
  embed: boolean;
  hide: Hideable[];
  /** fig=: the figures an embed shows, in this order (ids as each figure's data-figure); absent: all. */
  fig?: string[];
  /** controls=: the parameters an embed shows as compact controls under its figure; absent: the whole panel. */
  controls?: string[];
  /** theme=light|dark: an embed's colours, for a host with its own (absent or auto: the reader's or the system's). */
  theme?: 'light' | 'dark';
  /** Name of the user file the run used. Only the name travels: whoever opens the link must choose the file. */
  file?: string;
  /** api=1: an embed takes commands from its parent page (ui/embed/host-api.ts). */
  api?: boolean;
  /** The model whose heads the run read (its name, fingerprint and text; never its weights). */
  model?: ModelLink;
  /**
   * heads=: where the heads come from when no model= or file= says it (ui/uploads/heads-source.ts); absent: the zoo.
   */
  heads?: 'model' | 'files';
}

interface ParsedLink {
  state: AppState;
  /** Human-readable, one per problem: the key, the bad value and what was used. */
  notices: string[];
}

interface CodecOptions {
  /** For tests of the migration path; the app uses the real table and version. */
  migrations?: readonly Migration[];
  version?: number;
  /** The running app's version (package.json's); tests pass others. */
  appVersion?: string;
}

/** All parameters of an experiment as the URL sees them: its own, then the seed and the random stream. */
export function urlSpecs(meta: ExperimentMeta): ParamSpec[] {
  return [...meta.params, SEED_SPEC, RNG_SPEC];
}

/** `newerApp`: the notice that the link's app= is newer than this copy; said once, with the schema's if newer too. */
function migrate(
  pairs: LinkPairs,
  experimentId: string,
  options: CodecOptions,
  notices: string[],
  newerApp?: string,
): LinkPairs {
  const current = options.version ?? SCHEMA_VERSION;
  const table = options.migrations ?? MIGRATIONS;
  const rawVersion = pairs.get('v');
  // Links from before versioning are v=1; a hash with no parameter at all (a first visit) is current.
  const bare = [...pairs.keys()].every((k) => RESERVED_KEYS.includes(k));
  let version = rawVersion === undefined ? (bare ? current : 1) : Number(rawVersion);
  if (!Number.isInteger(version) || version < 1) {
    if (newerApp) notices.push(newerApp);
    notices.push(`v: "${rawVersion}" is not a schema version; read the link as v=${current}`);
    return pairs;
  }
  if (version > current) {
    notices.push(
      newerApp
        ? `${newerApp}; its schema v=${version} is read as v=${current}`
        : `v: this link is from a newer version of attnlab (v=${version}); read it as v=${current}`,
    );
    return pairs;
  }
  if (newerApp) notices.push(newerApp);
  let out = pairs;
  for (; version < current; version++) {
    const step = table.find((m) => m.from === version);
    if (!step) {
      notices.push(`v: no migration from v=${version}; some values may not carry over`);
      continue;
    }
    const before = [...out].join('&');
    out = step.migrate(out, experimentId);
    if ([...out].join('&') !== before && !step.silent) notices.push(`Upgraded a v=${version} link: ${step.note}`);
  }
  return out;
}

/** hide= names, each kept once; a name given again is dropped (one notice), as are unknown ones (at most 3 named). */
function parseHide(text: string, notices: string[]): Hideable[] {
  const hide: Hideable[] = [];
  const unknown: string[] = [];
  let repeats = 0;
  for (const part of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (!(HIDEABLE as readonly string[]).includes(part))
      unknown.push(part.length > 40 ? `${part.slice(0, 40)}…` : part);
    else if (hide.includes(part as Hideable)) repeats++;
    else hide.push(part as Hideable);
  }
  const distinct = [...new Set(unknown)];
  if (distinct.length)
    notices.push(
      `hide: ${distinct
        .slice(0, 3)
        .map((p) => `"${showable(p)}"`)
        .join(', ')}` +
        (distinct.length > 3 ? ` and ${distinct.length - 3} more` : '') +
        ` ${distinct.length === 1 ? 'is' : 'are'} not one of ${HIDEABLE.join(', ')}; ignored`,
    );
  if (repeats)
    notices.push(`hide: ${repeats} repeated ${repeats === 1 ? 'name' : 'names'} ignored (each part is hidden once)`);
  return hide;
}

/** A comma list of ids (figure or parameter names): at most 12, each a plain word; anything else named in a notice. */
function parseIdList(
  key: 'fig' | 'controls',
  text: string | undefined,
  allowed: readonly string[] | undefined,
  notices: string[],
): string[] | undefined {
  if (text === undefined) return undefined;
  const ids: string[] = [];
  for (const part of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const shown = part.length > 40 ? `${part.slice(0, 40)}…` : part;
    if (!/^[A-Za-z][\w-]{0,39}$/.test(part))
      notices.push(`${key}: "${shown}" is not a ${key === 'fig' ? 'figure' : 'parameter'} name; ignored`);
    else if (allowed && !allowed.includes(part))
      notices.push(`${key}: "${shown}" is not one of ${allowed.join(', ')}; ignored`);
    else if (!ids.includes(part) && ids.length < 12) ids.push(part);
  }
  return ids.length ? ids : undefined;
}

/** The keys of how a link is shown (embed mode, hidden parts, a figure embed's figures, controls and colours, api=). */
function parseViewKeys(
  pairs: Map<string, string>,
  meta: ExperimentMeta,
  notices: string[],
): Pick<AppState, 'embed' | 'hide' | 'fig' | 'controls' | 'theme' | 'api'> {
  const embed = pairs.get('embed') === '1' || pairs.get('embed') === 'true';
  const hide = parseHide(pairs.get('hide') ?? '', notices);
  // checked against the figures drawn (ui/results/results.ts)
  const fig = parseIdList('fig', pairs.get('fig'), undefined, notices);
  const controls = parseIdList(
    'controls',
    pairs.get('controls'),
    urlSpecs(meta).map((s) => s.key),
    notices,
  );
  const themeText = pairs.get('theme');
  const theme = themeText === 'light' || themeText === 'dark' ? themeText : undefined;
  if (themeText !== undefined && !theme && themeText !== 'auto')
    notices.push(`theme: "${themeText.slice(0, 40)}" is not light, dark or auto; ignored`);
  return {
    embed,
    hide,
    ...(fig ? { fig } : {}),
    ...(controls ? { controls } : {}),
    ...(theme ? { theme } : {}),
    ...(pairs.get('api') === '1' ? { api: true } : {}),
  };
}

/** Reads a location hash into a complete, valid state for one of the registered experiments. */
export function parseLink(hash: string, registry: readonly ExperimentMeta[], options: CodecOptions = {}): ParsedLink {
  const notices: string[] = [];
  const raw = splitHash(hash);
  const repeated = repeatedKeys(hash);
  if (repeated.length) notices.push(`${repeated.join(', ')}: given more than once in the link; the last value is used`);
  const requested = raw.get('exp');
  const meta = registry.find((m) => m.id === requested) ?? registry[0];
  const unknownExperiment = requested !== undefined && meta.id !== requested;
  if (unknownExperiment) notices.push(`exp: unknown experiment "${requested}"; showing ${meta.id} with its defaults`);

  const app = appVersionNotice(raw.get('app'), options.appVersion ?? APP_VERSION);
  if (app && (!app.newer || unknownExperiment)) notices.push(app.notice);
  const pairs = unknownExperiment ? raw : migrate(raw, meta.id, options, notices, app?.newer ? app.notice : undefined);
  const values = defaults(meta);
  const ignored: string[] = [];
  for (const [key, text] of pairs) {
    if (RESERVED_KEYS.includes(key)) continue;
    // Another experiment's parameters mean nothing here; only the seed carries over.
    const spec = urlSpecs(meta).find((s) => s.key === key && (!unknownExperiment || s === SEED_SPEC));
    if (!spec) {
      ignored.push(key);
      continue;
    }
    const { value, notice } = coerceValue(spec, text);
    values[key] = value;
    if (notice) notices.push(notice);
  }
  if (ignored.length) notices.push(`Ignored unknown ${ignored.length === 1 ? 'key' : 'keys'}: ${ignored.join(', ')}`);

  const view = parseViewKeys(pairs, meta, notices);
  const file = fileName(pairs.get('file'));
  const model = takesHeads(meta) ? parseModelLink(pairs, notices) : undefined;
  const heads = takesHeads(meta) ? parseHeads(pairs.get('heads'), notices) : undefined;
  const modelKeys = MODEL_KEYS.filter((k) => pairs.has(k));
  if (!takesHeads(meta) && modelKeys.length)
    notices.push(`${modelKeys.join(', ')}: ${meta.id} reads no model's heads; ignored`);
  return {
    state: {
      experimentId: meta.id,
      values,
      ...view,
      ...(file && !model ? { file } : {}),
      ...(model ? { model } : {}),
      ...(heads ? { heads } : {}),
    },
    notices,
  };
}

/** heads=model|files (zoo: the default, not written); anything else is said and the zoo used. */
function parseHeads(text: string | undefined, notices: string[]): AppState['heads'] {
  if (text === 'model' || text === 'files') return text;
  if (text !== undefined && text !== 'zoo')
    notices.push(`heads: "${text.slice(0, 20)}" is not zoo, model or files; the synthetic zoo is used`);
  return undefined;
}

/** The hash for a state: the schema and app versions, non-default parameters in schema order, the seed always. */
export function formatLink(state: AppState, registry: readonly ExperimentMeta[], options: CodecOptions = {}): string {
  const meta = registry.find((m) => m.id === state.experimentId) ?? registry[0];
  const parts = [
    `exp=${encodePart(meta.id)}`,
    `v=${options.version ?? SCHEMA_VERSION}`,
    `app=${encodePart(options.appVersion ?? APP_VERSION)}`,
  ];
  for (const spec of urlSpecs(meta)) {
    const value = state.values[spec.key] ?? spec.default;
    if (spec.key !== SEED_SPEC.key && sameValue(value, spec.default)) continue;
    parts.push(`${encodePart(spec.key)}=${encodePart(formatValue(value))}`);
  }
  if (state.embed) parts.push('embed=1');
  if (state.hide.length) parts.push(`hide=${state.hide.join(',')}`);
  if (state.fig?.length) parts.push(`fig=${state.fig.join(',')}`);
  if (state.controls?.length) parts.push(`controls=${state.controls.join(',')}`);
  if (state.theme) parts.push(`theme=${state.theme}`);
  if (state.api) parts.push('api=1');
  if (state.model) parts.push(...modelLinkParts(state.model, encodePart));
  else if (state.file) parts.push(`file=${encodePart(state.file)}`);
  else if (state.heads) parts.push(`heads=${state.heads}`);
  return `#${parts.join('&')}`;
}

/**
 * The same link in embed mode: every other pair kept as written, then embed=1, the hide list and the
 * figure embed's fig=, controls= and theme= (replacing any the link had). Used by the Embed dialog for the snippet's
 * and the preview's src.
 */
export function embedHash(hash: string, hide: readonly Hideable[], figure: EmbedFigure = {}): string {
  const replaced = ['embed', 'hide', ...Object.keys(figure)];
  const kept = [...splitHash(hash)]
    .filter(([key]) => !replaced.includes(key))
    .map(([key, value]) => `${encodePart(key)}=${encodePart(value)}`);
  kept.push('embed=1');
  if (hide.length) kept.push(`hide=${hide.join(',')}`);
  if (figure.fig?.length) kept.push(`fig=${figure.fig.join(',')}`);
  if (figure.controls?.length) kept.push(`controls=${figure.controls.join(',')}`);
  if (figure.theme && figure.theme !== 'auto') kept.push(`theme=${figure.theme}`);
  if (figure.api) kept.push('api=1');
  return `#${kept.join('&')}`;
}

/** What a figure embed sets besides hide= (a key given, even empty, replaces the link's own). */
export interface EmbedFigure {
  fig?: readonly string[];
  controls?: readonly string[];
  theme?: 'light' | 'dark' | 'auto';
  /** api=1: the host page may script it (ui/embed/host-api.ts). */ api?: boolean;
}

export { fileName, showable } from './url-text';
