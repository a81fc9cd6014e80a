// SPDX-License-Identifier: Apache-2.0
// tokenizer.json on hostile text (fast-check, the fuzz target of the one JSON format the page and headless read in
// TypeScript rather than in the core): arbitrary text, arbitrary JSON, and the committed tokenizers with a component
// replaced by arbitrary JSON or by a known component type with arbitrary fields. What a tokenizer's worker does with
// each (runTokenizeJob, in this thread) never throws: it answers ids that are whole numbers, or one line. Texts are
// at most 16 characters, so that a pattern that backtracks ends (tokenize-guard.test.ts times out the long ones).
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { backtrackingPattern, runTokenizeJob, type TokenizeMessage } from '../../web/src/engine/tokenize';

const fixtures = fileURLToPath(new URL('../fixtures/models/', import.meta.url));
const REAL = readdirSync(fixtures)
  .filter((name) => !name.startsWith('hostile') && !name.includes('.'))
  .map((name) => {
    try {
      return readFileSync(`${fixtures}${name}/tokenizer.json`, 'utf8');
    } catch {
      return '';
    }
  })
  .filter(Boolean);
const RUNS = 400;
const COMPONENTS = ['model', 'normalizer', 'pre_tokenizer', 'post_processor', 'decoder', 'added_tokens'];
const TYPES = [
  'BPE', 'WordPiece', 'WordLevel', 'Unigram', 'Sequence', 'Split', 'Replace', 'Metaspace', 'ByteLevel', 'Whitespace',
  'BertPreTokenizer', 'BertNormalizer', 'NFC', 'NFKD', 'Lowercase', 'Strip', 'Prepend', 'TemplateProcessing',
  'RobertaProcessing', 'BertProcessing', 'Digits', 'Punctuation', 'ByteFallback', 'Fuse', 'NoSuchType',
]; // prettier-ignore
const text = fc.string({ maxLength: 16, unit: 'grapheme-composite' });

/** A component: arbitrary JSON, or a known type whose other fields are arbitrary (a pattern among them). */
const component = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.record(
    {
      type: fc.constantFrom(...TYPES),
      pattern: fc.oneof(fc.record({ Regex: fc.string({ maxLength: 12 }) }), fc.record({ String: fc.string() })),
      content: fc.string({ maxLength: 4 }),
      vocab: fc.oneof(fc.dictionary(fc.string({ maxLength: 3 }), fc.integer()), fc.jsonValue({ maxDepth: 2 })),
      merges: fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 })), { maxLength: 4 }),
      unk_token: fc.string({ maxLength: 3 }),
      normalizers: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
      pretokenizers: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
      single: fc.jsonValue({ maxDepth: 2 }),
    },
    { requiredKeys: ['type'] },
  ),
);

/** Everything runTokenizeJob posts for a job; a throw out of it is the finding. */
function answers(tokenizerJson: string, job: string, tokenizerConfig?: string): TokenizeMessage[] {
  const posted: TokenizeMessage[] = [];
  runTokenizeJob({ tokenizerJson, tokenizerConfig, text: job }, (m) => posted.push(m));
  return posted;
}

/** The last message answers: ids that are whole numbers, or an error of one line. */
function answered(posted: TokenizeMessage[]): void {
  const last = posted[posted.length - 1];
  expect(posted.length).toBeGreaterThanOrEqual(1);
  expect(posted.length).toBeLessThanOrEqual(2);
  expect('ok' in last).toBe(true);
  if ('ok' in last && last.ok) {
    expect(last.ids.every((id) => Number.isInteger(id))).toBe(true);
    expect(last.tokens).toHaveLength(last.ids.length);
  } else if ('error' in last) {
    expect(typeof last.error).toBe('string');
    expect(last.error).not.toMatch(/[\n\r]/);
  }
}

describe('tokenizer.json fuzzed: an answer, never a throw', () => {
  it('arbitrary text and arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json({ maxDepth: 4 })), text, (json, job) => {
        answered(answers(json, job));
        expect(() => backtrackingPattern(json)).not.toThrow();
      }),
      { numRuns: RUNS },
    );
  });

  it('a committed tokenizer with a component replaced', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...REAL),
        fc.constantFrom(...COMPONENTS),
        component,
        text,
        fc.oneof({ arbitrary: fc.constant(undefined), weight: 9 }, { arbitrary: fc.json({ maxDepth: 2 }), weight: 1 }),
        (real, key, replacement, job, config) => {
          const json = JSON.stringify({ ...(JSON.parse(real) as object), [key]: replacement });
          answered(answers(json, job, config));
          expect(() => backtrackingPattern(json)).not.toThrow();
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('deep nesting and a huge vocabulary key are answered in one line', () => {
    const deep = `{"model":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    answered(answers(deep, 'a'));
    expect(backtrackingPattern(deep)).toBeUndefined();
    const real = JSON.parse(REAL[0]) as { model: { vocab: Record<string, number> } };
    const huge = { ...real, model: { ...real.model, vocab: { ...real.model.vocab, ['x'.repeat(1 << 20)]: 5 } } };
    answered(answers(JSON.stringify(huge), 'x'.repeat(16)));
  });
});
