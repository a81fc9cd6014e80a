// SPDX-License-Identifier: Apache-2.0
// Headless "your own model" (web/src/engine/model-headless.ts, the wasm core's ModelSession) on the committed tiny
// checkpoints: `npm run lab -- model-qk` matches the torch reference within 1e-5 of the largest |value| and the native
// CLI within 1e-12 (the two builds' libm differ in the last bits); text= tokenizes as the Rust tokenizers do; hostile
// folders are refused with exit 2 and one line; paper 3's experiments read a model's heads with model= text=.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixtures = `${root}tests/fixtures/models/`;
const cli = `${root}build/native/attnlab`;

interface Matrix {
  rows: number;
  cols: number;
  data: number[];
}
interface HeadJson {
  model: string;
  family: string;
  ids: number[];
  layer: number;
  head: number;
  keyHead: number;
  scale: number;
  q: Matrix;
  k: Matrix;
  logits: Matrix;
}

const manifest = JSON.parse(readFileSync(`${fixtures}manifest.json`, 'utf8')) as {
  models: string[];
  hostile: Record<string, string>;
};
const tokenized = JSON.parse(readFileSync(`${root}tests/fixtures/tokenizers/models.json`, 'utf8')) as Record<
  string,
  { text: string; ids: number[] }[]
>;

const lab = (args: string[]) =>
  spawnSync(process.execPath, [`${root}scripts/lab.mjs`, ...args], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 });

function relativeError(got: Matrix, want: Matrix): number {
  expect([got.rows, got.cols]).toEqual([want.rows, want.cols]);
  const top = Math.max(...want.data.map(Math.abs));
  return Math.max(...got.data.map((v, i) => Math.abs(v - want.data[i]))) / top;
}

describe('npm run lab -- model-qk', () => {
  it.each(manifest.models)('%s: q, k and logits within 1e-5 of torch, within 1e-12 of the native CLI', (name) => {
    const want = JSON.parse(readFileSync(`${fixtures}${name}/expected.json`, 'utf8')) as HeadJson;
    const args = [
      'model-qk',
      `model=${fixtures}${name}`,
      `ids=${want.ids.join(',')}`,
      `layer=${want.layer}`,
      `head=${want.head}`,
    ];
    const run = lab(args);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const got = JSON.parse(run.stdout) as HeadJson;
    expect([got.ids, got.layer, got.head, got.family]).toEqual([want.ids, want.layer, want.head, want.family]);
    for (const key of ['q', 'k', 'logits'] as const)
      expect(relativeError(got[key], want[key])).toBeLessThanOrEqual(1e-5);
    if (!existsSync(cli)) return;
    const native = JSON.parse(spawnSync(cli, args, { encoding: 'utf8' }).stdout) as HeadJson;
    expect([native.model, native.keyHead, native.scale]).toEqual([got.model, got.keyHead, got.scale]);
    for (const key of ['q', 'k', 'logits'] as const)
      expect(relativeError(got[key], native[key])).toBeLessThanOrEqual(1e-12);
  });

  it.each(manifest.models)('%s: text= gives the ids of the Rust tokenizers and the same heads as those ids', (name) => {
    const { text, ids } = tokenized[name][0];
    const byText = lab(['model-qk', `model=${fixtures}${name}`, `text=${text}`, 'layer=1', 'head=0']);
    expect(byText.stderr).toBe('');
    const got = JSON.parse(byText.stdout) as HeadJson;
    expect(got.ids).toEqual(ids);
    const byIds = JSON.parse(
      lab(['model-qk', `model=${fixtures}${name}`, `ids=${ids.join(',')}`, 'layer=1', 'head=0']).stdout,
    ) as HeadJson;
    expect(got).toEqual(byIds);
  });

  it.each(Object.entries(manifest.hostile))('%s: refused with exit 2, naming the file and "%s"', (name, cause) => {
    const run = lab(['model-qk', `model=${fixtures}${name}`, 'ids=1,2', 'layer=0', 'head=0']);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^attnlab: .*: (model\.safetensors|config\.json): /);
    expect(run.stderr).toContain(cause);
  });

  it('refuses bad arguments by name: ids and text together, too many tokens, a missing folder, no tokenizer', () => {
    const cases: [string[], RegExp][] = [
      [[`model=${fixtures}bert-f32`, 'ids=1', 'text=a', 'layer=0', 'head=0'], /give ids= or text=, not both/],
      [[`model=${fixtures}bert-f32`, `ids=${Array(40).fill(1).join(',')}`, 'layer=0', 'head=0'], /token|position/],
      [[`model=${fixtures}no-such-folder`, 'ids=1', 'layer=0', 'head=0'], /no-such-folder/],
      [[`model=${fixtures}hostile-f8`, 'text=a', 'layer=0', 'head=0'], /tokenizer\.json: the folder has none/],
      [[`model=${fixtures}bert-f32`, 'ids=1,2', 'layer=9', 'head=0'], /layer/],
    ];
    for (const [args, message] of cases) {
      const run = lab(['model-qk', ...args]);
      expect(run.status, args.join(' ')).toBe(2);
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(message);
    }
  });

  it('beyond the memory: 7,500 and 20,000 ids on dynamic RoPE refused in one line, exit 2, never an abort', () => {
    // It aborted with 6,772 lines of Aborted() and "Maximum call stack size exceeded" (7,500 ids).
    const ids = (n: number) => `ids=${Array(n).fill(3).join(',')}`;
    const folder = `model=${fixtures}llama-dynamic-f32`;
    const cases: [number, RegExp][] = [
      [7500, /the head's JSON for 7500 tokens would be about \d+ million characters, more than a JavaScript string/],
      [20000, /the forward pass on 20000 tokens needs about \d+ MiB, above the budget of \d+ MiB; give fewer tokens$/],
    ];
    for (const [n, message] of cases) {
      const run = lab(['model-qk', folder, ids(n), 'layer=0', 'head=0']);
      expect(run.status, `${n} ids`).toBe(2);
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(run.stderr.trimEnd()).toMatch(message);
    }
    if (!existsSync(cli)) return;
    const native = spawnSync(cli, ['model-qk', folder, ids(20000), 'layer=0', 'head=0'], { encoding: 'utf8' });
    expect(native.status).toBe(2);
    expect(native.stderr.trimEnd()).toMatch(
      /model-qk on 20000 tokens needs about \d+ MiB, above the budget of 4000 MiB/,
    );
  }, 60_000);

  it('JSON read in linear time: 100,000 config keys run, 200,000 and an index of 300,000 refused', () => {
    // A config.json of 100,000 keys took 28 s headless, one of 200,000 33 s natively (nlohmann's ordered_json).
    const dir = mkdtempSync(join(tmpdir(), 'attnlab-keys-'));
    const withKeys = (fixture: string, file: string, n: number, into?: string) => {
      const folder = join(dir, `${fixture}-${n}`);
      cpSync(`${fixtures}${fixture}`, folder, { recursive: true });
      const json = JSON.parse(readFileSync(join(folder, file), 'utf8')) as Record<string, Record<string, unknown>>;
      const target = into ? json[into] : json;
      for (let i = 0; i < n; i++) target[`extra.${i}`] = into ? 'model-00001-of-00002.safetensors' : 0;
      writeFileSync(join(folder, file), JSON.stringify(json));
      return folder;
    };
    try {
      const cases: [string, number, RegExp][] = [
        [withKeys('llama-f32', 'config.json', 100_000), 0, /^$/],
        [withKeys('llama-f32', 'config.json', 200_000), 2, /config\.json: more than 200000 keys in one object/],
        [
          withKeys('qwen2-sharded-f32', 'model.safetensors.index.json', 300_000, 'weight_map'),
          2,
          /model\.safetensors\.index\.json: more than 200000 keys in one object/,
        ],
      ];
      for (const [folder, status, message] of cases) {
        const started = performance.now();
        const run = lab(['model-qk', `model=${folder}`, 'ids=1,2,3', 'layer=0', 'head=0']);
        expect(run.status, folder).toBe(status);
        expect(run.stderr.trimEnd()).toMatch(message);
        expect(run.stderr.trimEnd().split('\n').length).toBeLessThanOrEqual(1);
        expect((performance.now() - started) / 1000).toBeLessThan(20); // about 2 s on the reference machine
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('the native CLI refuses text= with one line saying which command tokenizes', () => {
    if (!existsSync(cli)) return;
    const run = spawnSync(cli, ['model-qk', `model=${fixtures}bert-f32`, 'text=the cat', 'layer=0', 'head=0'], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('npm run lab -- model-qk');
  });
});

describe("paper 3 on a model's heads (model= text=)", () => {
  it("rank-interaction: head h·H + j is layer h's head j, its logits those model-qk gives", () => {
    const run = lab([
      'rank-interaction',
      `model=${fixtures}gpt2-inverse-bf16`,
      'text=the cat sat on the mat',
      'head=5',
      'seed=1',
    ]);
    expect(run.status).toBe(0);
    const r = JSON.parse(run.stdout) as { head: { label: string; n: number; heads: number }; sigmaRaw: number[] };
    expect(r.head).toMatchObject({ label: 'L1H1', n: 6, heads: 12 }); // 3 layers × 4 heads
    // The same head's logits from model-qk: their largest singular value is at least the largest |entry| (and at most
    // n times it): a crude check that the scale (GPT-2's 1/(layer+1) here) is folded in once.
    const head = JSON.parse(
      lab(['model-qk', `model=${fixtures}gpt2-inverse-bf16`, 'text=the cat sat on the mat', 'layer=1', 'head=1'])
        .stdout,
    ) as HeadJson;
    const top = Math.max(...head.logits.data.map(Math.abs));
    expect(r.sigmaRaw[0]).toBeGreaterThanOrEqual(top * (1 - 1e-12));
    expect(r.sigmaRaw[0]).toBeLessThanOrEqual(top * head.logits.rows);
    const frobenius = Math.hypot(...head.logits.data);
    expect(Math.hypot(...r.sigmaRaw)).toBeCloseTo(frobenius, 9);
  });

  it('rank-zoo: one row per head and temperature; lastLayer and dropFirst change what is read', () => {
    const all = JSON.parse(
      lab(['rank-zoo', `model=${fixtures}bert-f32`, 'text=the cat sat on the mat', 'seed=1']).stdout,
    ) as { rows: { family: string }[] };
    const first = JSON.parse(
      lab([
        'rank-zoo',
        `model=${fixtures}bert-f32`,
        'text=the cat sat on the mat',
        'lastLayer=0',
        'dropFirst=1',
        'seed=1',
      ]).stdout,
    ) as { rows: { family: string }[] };
    const heads = (rows: { family: string }[]) => [...new Set(rows.map((r) => r.family))].sort();
    expect(heads(all.rows)).toEqual(['L0H0', 'L0H1', 'L0H2', 'L0H3', 'L1H0', 'L1H1', 'L1H2', 'L1H3']);
    expect(heads(first.rows)).toEqual(['L0H0', 'L0H1', 'L0H2', 'L0H3']); // labelled by layer even with one
    const bad = lab(['rank-zoo', `model=${fixtures}bert-f32`, 'lastLayer=7']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/lastLayer: 7 is beyond the model's 2 layers/);
    const notHeads = lab(['rank-beta', `model=${fixtures}bert-f32`]);
    expect(notHeads.status).toBe(2);
    expect(notHeads.stderr).toMatch(/model=: only .*rank-interaction/);
  });
});
