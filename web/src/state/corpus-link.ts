// SPDX-License-Identifier: Apache-2.0
// A study over a corpus, as its link records it beside the model (state/model-link.ts): the corpus's name and a
// fingerprint of its bytes (sha256 of its UTF-8 text, 16 hexadecimal digits), never its text, and the study's fields:
// `corpus=texts.txt&corpusHash=<16 hex>&corpusN=64,128&corpusWindows=4&corpusEps=0.05,0.1`. Whoever opens the link
// gives the same corpus (ui/corpus/corpus-panel.ts asks for it). Untrusted, DOM-free.
import { corpusWords } from '../engine/corpus-study';
import { fileName } from './url-text';

export interface CorpusLink {
  name: string;
  /** 16 hex digits; '' when the link gave none. */
  hash: string;
  /** The study's fields as the panel holds them: window lengths, windows per length, ε ('' for rank-zoo's own). */
  lengths: string;
  windows: string;
  eps: string;
}

/** The corpus of a link (undefined without corpus=); a field that is not valid is said and left at the page's own. */
export function parseCorpusLink(pairs: ReadonlyMap<string, string>, notices: string[]): CorpusLink | undefined {
  const name = fileName(pairs.get('corpus'));
  if (!name) return undefined;
  let hash = pairs.get('corpusHash') ?? '';
  if (hash && !/^[0-9a-f]{16}$/.test(hash)) {
    notices.push(
      `corpusHash: "${hash.slice(0, 20)}" is not 16 hexadecimal digits; the corpus is not checked against it`,
    );
    hash = '';
  }
  const fields = { lengths: pairs.get('corpusN') ?? '128', windows: pairs.get('corpusWindows') ?? '1' };
  const eps = pairs.get('corpusEps') ?? '';
  const given: Record<string, string> = { corpus: name, n: fields.lengths, windows: fields.windows };
  if (eps) given.eps = eps;
  try {
    corpusWords((key) => given[key]);
  } catch (error) {
    notices.push(`${(error as Error).message}; the study's own fields are used`);
    return { name, hash, lengths: '128', windows: '1', eps: '' };
  }
  return { name, hash, ...fields, eps };
}

/** The link's pairs of a corpus, encoded with `encode`. */
export function corpusLinkParts(corpus: CorpusLink, encode: (text: string) => string): string[] {
  const parts = [`corpus=${encode(corpus.name)}`];
  if (corpus.hash) parts.push(`corpusHash=${corpus.hash}`);
  parts.push(`corpusN=${encode(corpus.lengths)}`, `corpusWindows=${encode(corpus.windows)}`);
  if (corpus.eps) parts.push(`corpusEps=${encode(corpus.eps)}`);
  return parts;
}
