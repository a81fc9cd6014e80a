// SPDX-License-Identifier: Apache-2.0
// Tokenizing that cannot hang (web/src/engine/tokenize-guard.ts): a tokenizer.json whose Split pre-tokenizer is
// `(a+)+$` (41 characters of text) or whose Replace normalizer is `(x+x+)+y` backtracks for hours in JavaScript's
// regular expressions; headless each text is tokenized in a worker_thread that the time limit or a stop terminates,
// and the refusal names tokenizer.json, the limit and the pattern. A real tokenizer gives the same ids as in-thread.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { ModelFiles } from '../../web/src/engine/model-files';
import { tokenizeForModel } from '../../web/src/engine/model-text';
import { backtrackingPattern, tokenizerFrom } from '../../web/src/engine/tokenize';
import { TOKENIZE_SECONDS } from '../../web/src/engine/tokenize-guard';
import { nodeTokenizer } from '../../web/src/engine/tokenize-node';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixtures = `${root}tests/fixtures/models/`;

const wordLevel = {
  model: { type: 'WordLevel', vocab: { a: 0, b: 1, x: 2, '[UNK]': 3 }, unk_token: '[UNK]' },
};
/** The two hostile tokenizers (backtracking patterns) and a text that makes each backtrack. */
const HOSTILE: [string, object, string, string][] = [
  [
    'Split (a+)+$',
    {
      ...wordLevel,
      pre_tokenizer: { type: 'Split', pattern: { Regex: '(a+)+$' }, behavior: 'Isolated', invert: false },
    },
    `${'a'.repeat(40)}b`,
    '(a+)+$',
  ],
  [
    'Replace (x+x+)+y',
    { ...wordLevel, normalizer: { type: 'Replace', pattern: { Regex: '(x+x+)+y' }, content: 'z' } },
    `${'x'.repeat(40)}b`,
    '(x+x+)+y',
  ],
];
const filesOf = (tokenizer: object): ModelFiles => new Map([['tokenizer.json', new Blob([JSON.stringify(tokenizer)])]]);
const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const dir = mkdtempSync(join(tmpdir(), 'attnlab-tokenize-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('tokenizing in a worker with a time limit', () => {
  it.each(HOSTILE)(
    '%s: refused by name within the limit',
    async (_, tokenizer, text, pattern) => {
      const started = performance.now();
      const refusal = await tokenizeForModel(filesOf(tokenizer), text, false, nodeTokenizer, { seconds: 1 }).then(
        () => '',
        (error: Error) => error.message,
      );
      const seconds = (performance.now() - started) / 1000;
      expect(refusal).toMatch(
        new RegExp(
          `^tokenizer\\.json: tokenizing took more than 1 s \\(its pattern '${escaped(pattern)}' may backtrack`,
        ),
      );
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThan(25); // the limit plus the worker's start (TypeScript transpiled from sources)
    },
    20_000,
  );

  it('a stop ends the worker at once, long before the limit', async () => {
    const [, tokenizer, text] = HOSTILE[0];
    const started = performance.now();
    const stopAt = started + 300;
    const stopped = () => performance.now() > stopAt;
    await expect(
      tokenizeForModel(filesOf(tokenizer), text, false, nodeTokenizer, { seconds: 60, stopped }),
    ).rejects.toThrow(/^stopped$/);
    expect((performance.now() - started) / 1000).toBeLessThan(5);
  }, 20_000);

  it('real tokenizers: the same ids and tokens as in this thread, and no pattern named as backtracking', async () => {
    for (const name of ['bert-f32', 'llama-f32']) {
      const json = readFileSync(`${fixtures}${name}/tokenizer.json`, 'utf8');
      const text = 'the cat sat on the mat, 12345 times!';
      const got = await tokenizeForModel(new Map([['tokenizer.json', new Blob([json])]]), text, true, nodeTokenizer);
      const want = tokenizerFrom(json).encode(text);
      expect(got).toEqual({ ids: want.ids.slice(1), tokens: want.tokens.slice(1) });
    }
    for (const name of readdirSync(fixtures).filter((f) => existsSync(`${fixtures}${f}/tokenizer.json`)))
      expect(backtrackingPattern(readFileSync(`${fixtures}${name}/tokenizer.json`, 'utf8')), name).toBeUndefined();
    // GPT-2's and Llama 3's published split patterns have no quantified group holding a quantifier.
    const gpt2 = String.raw`'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+`;
    const llama3 = String.raw`(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+`;
    for (const Regex of [gpt2, llama3])
      expect(backtrackingPattern(JSON.stringify({ pre_tokenizer: { pattern: { Regex } } }))).toBeUndefined();
    expect(backtrackingPattern(JSON.stringify({ a: [{ Regex: '(?:\\d+\\s?)*z' }] }))).toBe('(?:\\d+\\s?)*z');
  }, 30_000);

  it('a tokenizer that fails to build is refused by name, as in this thread', async () => {
    await expect(
      tokenizeForModel(filesOf({ model: { type: 'NoSuchModel' } }), 'a', false, nodeTokenizer),
    ).rejects.toThrow(/^tokenizer\.json: /);
  });

  it(`npm run lab -- model-qk text=: exit 2 and one line within ${TOKENIZE_SECONDS} s and a margin`, () => {
    const folder = join(dir, 'hostile-split');
    cpSync(`${fixtures}llama-f32`, folder, { recursive: true });
    const real = JSON.parse(readFileSync(join(folder, 'tokenizer.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(folder, 'tokenizer.json'), JSON.stringify({ ...real, ...HOSTILE[0][1], model: real.model }));
    const started = performance.now();
    const run = spawnSync(
      process.execPath,
      [`${root}scripts/lab.mjs`, 'model-qk', `model=${folder}`, `text=${'a'.repeat(40)}b`, 'layer=0', 'head=0'],
      { cwd: root, encoding: 'utf8', timeout: 120_000 },
    );
    expect(run.status).toBe(2);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain(
      `tokenizer.json: tokenizing took more than ${TOKENIZE_SECONDS} s (its pattern '(a+)+$'`,
    );
    expect((performance.now() - started) / 1000).toBeLessThan(TOKENIZE_SECONDS + 20);
  }, 120_000);
});
