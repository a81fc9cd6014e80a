// SPDX-License-Identifier: Apache-2.0
// The text a model reads: tokenized with the folder's own tokenizer.json (as Hugging Face's tokenizers do, special
// tokens included), optionally without its first token (a [CLS] or BOS token often becomes an attention sink).
// Shared by the page's worker and headless runs; reads Blobs only.
import { ModelError, type ModelFiles } from './model-files';
import { tokenizeWithin, type TokenizeLimits, type TokenizeRunner } from './tokenize-guard';

/** The default text: the opening of Lewis Carroll's "Alice's Adventures in Wonderland" (1865, public domain). */
export const DEFAULT_MODEL_TEXT =
  'Alice was beginning to get very tired of sitting by her sister on the bank, and of having nothing to do: once or ' +
  'twice she had peeped into the book her sister was reading, but it had no pictures or conversations in it, "and ' +
  'what is the use of a book," thought Alice, "without pictures or conversations?"';

/** Longest text a link or the text box takes (characters). */
export const MAX_TEXT_CHARS = 20000;

export interface ModelTokens {
  ids: number[];
  tokens: string[];
}

/**
 * The text's tokens by the folder's tokenizer.json, tokenized in a worker of `run` within `limits` (tokenize-guard.ts);
 * dropFirst leaves out the first token. Throws ModelError (ModelError('stopped') when limits.stopped said so).
 */
export async function tokenizeForModel(
  files: ModelFiles,
  text: string,
  dropFirst: boolean,
  run: TokenizeRunner,
  limits?: TokenizeLimits,
): Promise<ModelTokens> {
  if (text.length > MAX_TEXT_CHARS)
    throw new ModelError(`text: ${text.length} characters, more than the ${MAX_TEXT_CHARS} allowed`);
  const json = files.get('tokenizer.json');
  if (!json)
    throw new ModelError(
      'tokenizer.json: the folder has none, so no text can be read: read the weights only (Weights only, weights=1)',
    );
  if (json.size > 64 * 1024 * 1024) throw new ModelError(`tokenizer.json: ${json.size} bytes, more than 64 MiB`);
  const config = files.get('tokenizer_config.json');
  const job = {
    tokenizerJson: await json.text(),
    tokenizerConfig: config && config.size < 16 * 1024 * 1024 ? await config.text() : undefined,
    text,
  };
  const encoded = await tokenizeWithin(run, job, limits);
  const ids = dropFirst ? encoded.ids.slice(1) : encoded.ids;
  const tokens = dropFirst ? encoded.tokens.slice(1) : encoded.tokens;
  if (ids.length === 0) throw new ModelError('text: it gives no tokens; type a few words');
  return { ids, tokens };
}

/** A corpus as the tokenizer reads it: its tokens without special tokens, and those it puts around one sequence. */
interface CorpusTokens {
  stream: number[];
  prefix: number[];
  suffix: number[];
}

/**
 * The corpus's token stream and the special tokens around one sequence, found by encoding a probe word with and
 * without them ([CLS] a [SEP] against a), each in a worker of `run` (tokenize-guard.ts) with a time limit that grows
 * with the corpus (10 s and 20 s a megabyte). Throws ModelError.
 */
export async function tokenizeCorpus(files: ModelFiles, corpus: string, run: TokenizeRunner): Promise<CorpusTokens> {
  const json = files.get('tokenizer.json');
  if (!json) throw new ModelError('tokenizer.json: the folder has none, so the corpus cannot be tokenized');
  if (json.size > 64 * 1024 * 1024) throw new ModelError(`tokenizer.json: ${json.size} bytes, more than 64 MiB`);
  const config = files.get('tokenizer_config.json');
  const base = {
    tokenizerJson: await json.text(),
    tokenizerConfig: config && config.size < 16 * 1024 * 1024 ? await config.text() : undefined,
  };
  const seconds = 10 + corpus.length / 50_000;
  const stream = (await tokenizeWithin(run, { ...base, text: corpus, addSpecialTokens: false }, { seconds })).ids;
  const bare = (await tokenizeWithin(run, { ...base, text: 'a', addSpecialTokens: false })).ids,
    full = (await tokenizeWithin(run, { ...base, text: 'a' })).ids;
  const at = full.findIndex((_, i) => bare.every((id, j) => full[i + j] === id));
  if (bare.length === 0 || at < 0) throw new ModelError('tokenizer.json: its special tokens could not be told apart');
  return { stream, prefix: full.slice(0, at), suffix: full.slice(at + bare.length) };
}
