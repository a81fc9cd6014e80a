// SPDX-License-Identifier: Apache-2.0
// Text -> token ids for a Hugging Face model folder, as its tokenizer.json says: normalizer,
// pre-tokenizer, model (WordPiece / BPE / Unigram) and post-processor, run by @huggingface/tokenizers
// (pure JS, so it works alike in a browser worker and in Node). Its ids are checked against the Rust
// `tokenizers` library in tests/web/tokenize.test.ts.
import { Tokenizer } from '@huggingface/tokenizers';

export interface Tokenized {
  ids: number[];
  tokens: string[];
}

interface TextTokenizer {
  /** Ids and tokens of `text`, with the special tokens the post-processor adds ([CLS] … [SEP], <s> …) unless told. */
  encode(text: string, addSpecialTokens?: boolean): Tokenized;
}

/** Parses a JSON file's text; a syntax error becomes one line naming the file. */
function parseJson(name: string, text: string): object {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${name}: not valid JSON (${(error as Error).message.split('\n')[0]})`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new Error(`${name}: expected a JSON object`);
  return value;
}

/**
 * A tokenizer from the text of a model folder's tokenizer.json (and, if present, tokenizer_config.json,
 * whose few flags such as `remove_space` the library reads). Throws an Error whose message starts with
 * the file's name when either file is malformed or names a component the library does not know.
 */
export function tokenizerFrom(tokenizerJsonText: string, tokenizerConfigText?: string): TextTokenizer {
  const tokenizerJson = parseJson('tokenizer.json', tokenizerJsonText);
  const config = tokenizerConfigText === undefined ? {} : parseJson('tokenizer_config.json', tokenizerConfigText);
  if (!('model' in tokenizerJson)) throw new Error('tokenizer.json: no "model" (is this a tokenizer.json?)');
  // Rust reads a missing component as none; the library insists on each key, so supply them.
  const complete = {
    added_tokens: [],
    normalizer: null,
    pre_tokenizer: null,
    post_processor: null,
    decoder: null,
    ...tokenizerJson,
  };
  let tokenizer: Tokenizer;
  try {
    tokenizer = new Tokenizer(complete, config);
  } catch (error) {
    throw new Error(`tokenizer.json: ${(error as Error).message.split('\n')[0]}`);
  }
  return {
    encode(text: string, addSpecialTokens = true): Tokenized {
      const { ids, tokens } = tokenizer.encode(text, { add_special_tokens: addSpecialTokens }); // true: as Rust
      // The library yields undefined for a token it cannot map (e.g. a WordLevel model whose unk_token
      // only tokenizer_config.json names); an id the model would then index with must not be one.
      const missing = ids.findIndex((id) => !Number.isInteger(id));
      if (missing >= 0)
        throw new Error(
          `tokenizer.json: token ${JSON.stringify(tokens[missing])} ` +
            `has no id in the vocabulary and no unk_token applies`,
        );
      return { ids, tokens };
    },
  };
}

/** Ids of the tokens tokenizer.json marks special (added_tokens[].special), e.g. to drop a leading BOS/CLS. */
export function specialIds(tokenizerJsonText: string): Set<number> {
  const { added_tokens: addedTokens } = parseJson('tokenizer.json', tokenizerJsonText) as { added_tokens?: unknown };
  const ids = new Set<number>();
  if (!Array.isArray(addedTokens)) return ids;
  for (const token of addedTokens as { id?: unknown; special?: unknown }[]) {
    if (token?.special === true && Number.isInteger(token.id)) ids.add(token.id as number);
  }
  return ids;
}
