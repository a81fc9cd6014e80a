// SPDX-License-Identifier: Apache-2.0
// A run on a model's heads, as its link records it: the model's name, a fingerprint of its folder (sha256 of
// config.json and of each safetensors header, never of the weights), the text, whether its first token was left out and
// the last layer read. The weights never travel: whoever opens the link opens the same folder. Untrusted, DOM-free.
import { corpusLinkParts, parseCorpusLink, type CorpusLink } from './corpus-link';
import LINK_KEYS from './link-keys.json';
import { fileName } from './url-text';

export interface ModelLink {
  name: string;
  /** 16 hex digits (engine/model-pass.ts: fingerprint); '' when the link gave none. */
  hash: string;
  text: string;
  dropFirst: boolean;
  /** Layers 0..lastLayer were read; absent: all. */
  lastLayer?: number;
  /** Weights only: each head's W_Q W_Kᵀ over the residual stream, no text read (engine/model-pass.ts). */
  weights?: boolean;
  /** A study over a corpus (state/corpus-link.ts): the corpus's name and fingerprint and the study's fields. */
  corpus?: CorpusLink;
  /** The folder's name when the page knows it (a folder picked or dropped): said on the page, never in the link. */
  folder?: string;
}

/** The link keys of a model run (reserved: no parameter may use them); link-keys.json is shared with Python. */
export const MODEL_KEYS: readonly string[] = LINK_KEYS.modelKeys;

/** Longest text a link carries (characters); a longer one is cut and said so. */
export const MAX_LINK_TEXT = 20000;

/** The model of a link (undefined without model=); every problem is a notice and a usable value. */
export function parseModelLink(pairs: ReadonlyMap<string, string>, notices: string[]): ModelLink | undefined {
  const name = fileName(pairs.get('model'));
  if (!name) {
    if (MODEL_KEYS.slice(1).some((k) => pairs.has(k)))
      notices.push('model: the link gives a text or model fingerprint but no model=; ignored');
    return undefined;
  }
  let hash = pairs.get('modelHash') ?? '';
  if (hash && !/^[0-9a-f]{16}$/.test(hash)) {
    notices.push(
      `modelHash: "${hash.slice(0, 20)}" is not 16 hexadecimal digits; the folder you open is not checked against it`,
    );
    hash = '';
  }
  let text = (pairs.get('text') ?? '').replace(/\r\n?/g, '\n');
  if (text.length > MAX_LINK_TEXT) {
    notices.push(`text: ${text.length} characters, cut to the first ${MAX_LINK_TEXT}`);
    text = text.slice(0, MAX_LINK_TEXT);
  }
  const drop = pairs.get('dropFirst');
  if (drop !== undefined && drop !== '0' && drop !== '1')
    notices.push(`dropFirst: "${drop.slice(0, 20)}" is not 0 or 1; 0 used (the first token is kept)`);
  const last = pairs.get('lastLayer');
  let lastLayer: number | undefined;
  if (last !== undefined) {
    if (/^\d{1,5}$/.test(last)) lastLayer = Number(last);
    else notices.push(`lastLayer: "${last.slice(0, 20)}" is not a layer number from 0; every layer is read`);
  }
  const weights = pairs.get('weights');
  if (weights !== undefined && weights !== '0' && weights !== '1')
    notices.push(`weights: "${weights.slice(0, 20)}" is not 0 or 1; 0 used (the text is read)`);
  const corpus = parseCorpusLink(pairs, notices);
  return {
    name,
    hash,
    text,
    dropFirst: drop === '1',
    ...(lastLayer !== undefined ? { lastLayer } : {}),
    ...(weights === '1' ? { weights: true } : {}),
    ...(corpus ? { corpus } : {}),
  };
}

/** The link's pairs of a model run, encoded with `encode`, in MODEL_KEYS order. */
export function modelLinkParts(model: ModelLink, encode: (text: string) => string): string[] {
  const parts = [`model=${encode(model.name)}`];
  if (model.hash) parts.push(`modelHash=${model.hash}`);
  parts.push(`text=${encode(model.text)}`);
  if (model.dropFirst) parts.push('dropFirst=1');
  if (model.lastLayer !== undefined) parts.push(`lastLayer=${model.lastLayer}`);
  if (model.weights) parts.push('weights=1');
  if (model.corpus) parts.push(...corpusLinkParts(model.corpus, encode));
  return parts;
}

/** Whether heads read for `read` are what `link` asks for (same model folder, text and choices). */
export const readsSameHeads = (read: ModelLink, link: ModelLink): boolean =>
  read.name === link.name &&
  (!link.hash || read.hash === link.hash) &&
  read.text === link.text &&
  read.dropFirst === link.dropFirst &&
  read.lastLayer === link.lastLayer &&
  (read.weights ?? false) === (link.weights ?? false);
