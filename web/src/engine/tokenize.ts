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

/** What a tokenizer's worker is given: tokenizer.json's text, tokenizer_config.json's (if any) and the text. */
export interface TokenizeJob {
  tokenizerJson: string;
  tokenizerConfig?: string;
  text: string;
  /** false: the text's tokens alone, without the special tokens the post-processor adds (a corpus's stream). */
  addSpecialTokens?: boolean;
}
/** A tokenizer's worker's messages: ready (the tokenizer is built), then the tokens or the refusal. */
export type TokenizeMessage =
  { ready: true } | { ok: true; ids: number[]; tokens: string[] } | { ok: false; error: string };

/** Runs a job in a tokenizer's worker (tokenize-worker.ts, tokenize-node-worker.ts): `post` sends each message. */
export function runTokenizeJob(job: TokenizeJob, post: (message: TokenizeMessage) => void): void {
  try {
    const tokenizer = tokenizerFrom(job.tokenizerJson, job.tokenizerConfig);
    post({ ready: true });
    post({ ok: true, ...tokenizer.encode(job.text, job.addSpecialTokens ?? true) });
  } catch (error) {
    post({ ok: false, error: String((error as Error).message).split('\n')[0] });
  }
}

/**
 * The first regular expression of tokenizer.json with a quantified group that holds a quantifier (`(a+)+`,
 * `(x+x+)+y`): the shape that can backtrack exponentially in a backtracking engine such as JavaScript's. Only
 * named when tokenizing takes too long: a real tokenizer's pattern may have the shape and still run fast.
 */
export function backtrackingPattern(tokenizerJsonText: string): string | undefined {
  const patterns: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'Regex' && typeof inner === 'string') patterns.push(inner);
        else if (key !== 'vocab' && key !== 'merges' && key !== 'added_tokens') visit(inner);
      }
  };
  try {
    visit(JSON.parse(tokenizerJsonText));
  } catch {
    return undefined;
  }
  return patterns.find(nestedQuantifier);
}

/** True when a group holding a quantifier is itself quantified by +, * or {n,} (escapes and [classes] skipped). */
function nestedQuantifier(pattern: string): boolean {
  const groups: boolean[] = []; // per open group: does it hold a quantifier so far
  let quantifiedInside = false; // the group just closed held one
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      i++;
      if ('pPuk'.includes(pattern[i]) && pattern[i + 1] === '{') i = Math.max(i, pattern.indexOf('}', i)); // \p{L}, \u{...}: not a quantifier
    } else if (c === '[') {
      for (i++; i < pattern.length && pattern[i] !== ']'; i++) if (pattern[i] === '\\') i++;
    } else if (c === '(') groups.push(false);
    else if (c === ')') {
      quantifiedInside = groups.pop() ?? false;
      const next = pattern[i + 1];
      const repeated = next === '+' || next === '*' || (next === '{' && /^\{\d*,\d*\}/.test(pattern.slice(i + 1)));
      if (quantifiedInside && repeated) return true;
      if (groups.length) groups[groups.length - 1] ||= quantifiedInside || repeated;
      continue;
    } else if ((c === '+' || c === '*' || c === '{') && groups.length) groups[groups.length - 1] = true;
  }
  return false;
}
