// SPDX-License-Identifier: Apache-2.0
// Preset links paint at once: the build ran every preset headless (scripts/precompute-presets.mjs) and
// shipped its result as precomputed/<presetFileName(link)>. The page asks only for a link that is exactly
// a preset's; anything that fails (offline, missing file) returns undefined and the page runs the link
// live as before. No dependency: the browser's DecompressionStream.
import type { AnyResult } from '../../experiments/generated';
import { hasDeclaredKeys } from '../../experiments/result-shape';
import type { ExperimentMeta } from '../../experiments/schema';
import { canonicalLink, presetFileName, presetLinksOf } from '../../state/preset-links';
import type { AppState } from '../../state/url';
import { byId } from '../dom';

/** What the mark says (visible text and accessible name alike). */
const PRECOMPUTED_TEXT =
  'Computed in advance for this link · Run computes it again in your browser, to the same numbers';

/** Relative to the page, so a site in a sub-folder finds its own files. */
const shipped = (name: string) => new URL(`precomputed/${name}`, document.baseURI).href;

async function fetchBytes(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** gzip bytes to text; a host that already decoded them (Content-Encoding: gzip on .gz) gives plain JSON. */
async function gunzipText(bytes: Uint8Array): Promise<string> {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return new TextDecoder().decode(bytes);
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(stream).text();
}

/**
 * The shipped result of the link's preset: undefined at once when the link is no preset's, else a promise
 * of the result, or of undefined when the file cannot be had or is not of the experiment's declared shape.
 */
export function precomputedResult(
  state: AppState,
  meta: ExperimentMeta,
  registry: readonly ExperimentMeta[],
): Promise<AnyResult | undefined> | undefined {
  // Heads of the reader's own (files, a model, or their choice before any is given) are never a preset's.
  if (state.file || state.model || state.heads || typeof DecompressionStream === 'undefined') return undefined;
  const link = canonicalLink(state, registry);
  if (!presetLinksOf(meta, registry).some((p) => p.link === link)) return undefined;
  return fetchBytes(shipped(presetFileName(link)))
    .then(gunzipText)
    .then((text): AnyResult | undefined => {
      const value: unknown = JSON.parse(text);
      // a file of another build (other keys) is run live instead
      return hasDeclaredKeys(meta.id, value) ? value : undefined;
    })
    .catch(() => undefined);
}

/** Shows or hides the "precomputed" mark above the figures. */
export function showPrecomputedMark(shown: boolean): void {
  const mark = byId('precomputed-mark');
  mark.textContent = PRECOMPUTED_TEXT;
  mark.hidden = !shown;
}
