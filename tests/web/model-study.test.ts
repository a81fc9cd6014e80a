// SPDX-License-Identifier: Apache-2.0
// A model studied over a corpus (web/src/engine/model-study.ts, lab/model_study.hpp), and Lee's measures of its heads:
// the corpus's windows against the Rust tokenizers library (tests/fixtures/tokenizers/windows.json, written by
// make_windows.mjs), every head of every window carrying energy90 equal to an independent NumPy computation from the
// native CLI's logits (tests/web/energy_reference.py), weights only's energy90 and antisymmetry of the norm-folded
// W_Qᵀ W_K against the same NumPy script reading the safetensors files itself, and the refusals, each by name.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { unwrap, type Core } from '../../web/src/engine/core';
import { loadCoreNode } from '../../web/src/engine/load-node';
import { tokenizeCorpus } from '../../web/src/engine/model-text';
import { nodeTokenizer } from '../../web/src/engine/tokenize-node';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixtures = `${root}tests/fixtures/`;
const cli = `${root}build/native/attnlab`;
const corpus = `${fixtures}tokenizers/corpus.txt`;

interface Window {
  n: number;
  window: number;
  ids: number[];
}
interface Row {
  layer: number;
  head: number;
  n: number;
  window: number;
  energy90: number;
  antisymmetry: number | null;
}

const lab = (args: string[]) =>
  spawnSync(process.execPath, [`${root}scripts/lab.mjs`, ...args], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 });
const numpy = (args: string[], input?: string) =>
  JSON.parse(
    spawnSync('/usr/bin/python3', [`${root}tests/web/energy_reference.py`, ...args], {
      input,
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    }).stdout,
  ) as unknown;

let core: Core;
beforeAll(async () => {
  core = await loadCoreNode(`${root}web/src/wasm/`);
});

describe('corpus windows agree with the Rust tokenizers library', () => {
  const expected = JSON.parse(readFileSync(`${fixtures}tokenizers/windows.json`, 'utf8')) as {
    lengths: number[];
    windows: number;
    tokenizers: Record<string, { streamLength: number; streamHead: number[]; windows: Window[] }>;
  };
  it.each(Object.keys(expected.tokenizers))('%s', async (name) => {
    const want = expected.tokenizers[name];
    const tokenizer = readFileSync(
      `${fixtures}${name.startsWith('models/') ? '' : 'tokenizers/'}${name}/tokenizer.json`,
    );
    const tokens = await tokenizeCorpus(
      new Map([['tokenizer.json', new Blob([tokenizer])]]),
      readFileSync(corpus, 'utf8'),
      nodeTokenizer,
    );
    expect(tokens.stream.length).toBe(want.streamLength);
    expect(tokens.stream.slice(0, want.streamHead.length)).toEqual(want.streamHead);
    const request = { ...tokens, lengths: expected.lengths, windows: expected.windows, tokenLimit: 1024 };
    expect(unwrap<Window[]>(core.module.modelStudyWindows!(JSON.stringify(request)))).toEqual(want.windows);
  });
});

describe('npm run lab -- rank-zoo model=<folder> corpus=<file>', () => {
  const model = `${fixtures}models/llama-f32`;
  const run = lab([
    'rank-zoo',
    `model=${model}`,
    `corpus=${corpus}`,
    'n=16,24',
    'windows=2',
    'lastLayer=1',
    'betaMults=1,2',
  ]);

  it('prints the windows and a row with energy90 for every head of every window and temperature', () => {
    expect(run.status, run.stderr).toBe(0);
    const study = JSON.parse(run.stdout) as {
      windows: Window[];
      rows: Row[];
      association: { spearman: number | null };
    };
    expect(study.windows.map((w) => [w.n, w.window, w.ids.length])).toEqual([
      [16, 0, 16],
      [16, 1, 16],
      [24, 0, 24],
      [24, 1, 24],
    ]);
    for (const w of study.windows)
      for (let layer = 0; layer < 2; layer++)
        for (let head = 0; head < 4; head++) {
          const rows = study.rows.filter(
            (r) => r.n === w.n && r.window === w.window && r.layer === layer && r.head === head,
          );
          expect(rows).toHaveLength(2); // betaMults 1 and 2: a temperature does not change energy90
          expect(rows[0].energy90).toBe(rows[1].energy90);
        }
  });

  it("each head's energy90 equals NumPy's on the native CLI's logits of that window", () => {
    const study = JSON.parse(run.stdout) as { windows: Window[]; rows: Row[] };
    const heads = study.windows.flatMap((w) => [0, 1].flatMap((layer) => [0, 3].map((head) => ({ w, layer, head }))));
    const logits = heads.map(({ w, layer, head }) => {
      const args = ['model-qk', `model=${model}`, `ids=${w.ids.join(',')}`, `layer=${layer}`, `head=${head}`];
      const { rows, cols, data } = JSON.parse(spawnSync(cli, args, { encoding: 'utf8' }).stdout).logits;
      return Array.from({ length: rows }, (_, i) => data.slice(i * cols, (i + 1) * cols));
    });
    const want = numpy(['logits'], JSON.stringify({ logits })) as number[];
    const got = heads.map(
      ({ w, layer, head }) =>
        study.rows.find((r) => r.n === w.n && r.window === w.window && r.layer === layer && r.head === head)!.energy90,
    );
    expect(got).toEqual(want);
  });

  it('refuses by name: a corpus shorter than its windows, n beyond the positions, a file that is not UTF-8', () => {
    for (const [args, words] of [
      [['n=16', 'windows=900'], /^attnlab: corpus: \d+ tokens, too short for 900 windows of n = 16/],
      [['n=128'], /^attnlab: n: 128 is beyond the model's 64 positions/],
      [['n=16', 'text=hello'], /^attnlab: corpus: a study reads the corpus; leave out text=/],
    ] as const) {
      const r = lab(['rank-zoo', `model=${model}`, `corpus=${corpus}`, ...args]);
      expect(r.status).toBe(2);
      expect(r.stderr.trimEnd().split('\n').at(-1)).toMatch(words);
    }
    const notText = lab(['rank-zoo', `model=${model}`, `corpus=${model}/model.safetensors`, 'n=16']);
    expect(notText.status).toBe(2);
    expect(notText.stderr).toMatch(/corpus: .* is not UTF-8 text/);
  });
});

describe('npm run lab -- rank-zoo model=<folder> weights=1', () => {
  it.each(['bert-f32', 'gpt2-f32', 'distilbert-f32', 'llama-gqa-llama3-bf16', 'qwen2-sharded-f32'])(
    '%s: energy90 and antisymmetry of every head equal NumPy on the norm-folded W_Qᵀ W_K',
    (name) => {
      const run = lab(['rank-zoo', `model=${fixtures}models/${name}`, 'weights=1']);
      expect(run.status, run.stderr).toBe(0);
      const rows = (JSON.parse(run.stdout) as { rows: Row[] }).rows;
      const want = numpy(['weights', `${fixtures}models/${name}`]) as Row[];
      expect(rows.map((r) => [r.layer, r.head, r.energy90])).toEqual(want.map((r) => [r.layer, r.head, r.energy90]));
      rows.forEach((r, i) => expect(r.antisymmetry).toBeCloseTo(want[i].antisymmetry!, 9));
    },
  );
});

describe('a study in shards: plan headless, run-job natively, combine = the one-shot study', () => {
  it('merges to the one-shot JSON within 1e-9, and refuses a folder whose fingerprint differs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'attnlab-study-'));
    try {
      const model = join(dir, 'model');
      cpSync(`${fixtures}models/llama-f32`, model, { recursive: true });
      const words = [`model=${model}`, `corpus=${corpus}`, 'n=16,24', 'windows=2', 'lastLayer=1', 'eps=0.05,0.1'];
      const oneShot = lab(['rank-zoo', ...words]);
      expect(oneShot.status, oneShot.stderr).toBe(0);
      const plan = lab(['plan', 'rank-zoo', ...words, '-o', join(dir, 'jobs.jsonl')]);
      expect(plan.status, plan.stderr).toBe(0);
      const jobs = readFileSync(join(dir, 'jobs.jsonl'), 'utf8').trim().split('\n');
      expect(jobs).toHaveLength(4);
      for (let i = 0; i < jobs.length; i++) {
        const args = [
          'run-job',
          'rank-zoo',
          '--jobs',
          join(dir, 'jobs.jsonl'),
          '--index',
          String(i),
          '-o',
          join(dir, `results/${i}.json`),
        ];
        const r = i === 0 ? lab(args) : spawnSync(cli, args, { encoding: 'utf8' }); // one headless, the rest native
        expect(r.status, r.stderr).toBe(0);
      }
      const merged = spawnSync(cli, ['combine', 'rank-zoo', '--jobs', join(dir, 'jobs.jsonl'), join(dir, 'results')], {
        encoding: 'utf8',
        maxBuffer: 1 << 26,
      });
      expect(merged.status, merged.stderr).toBe(0);
      expectClose(JSON.parse(merged.stdout), JSON.parse(oneShot.stdout), '');
      const config = JSON.parse(readFileSync(join(model, 'config.json'), 'utf8'));
      writeFileSync(join(model, 'config.json'), JSON.stringify({ ...config, note: 'another model' }));
      const refused = spawnSync(cli, ['run-job', 'rank-zoo', '--jobs', join(dir, 'jobs.jsonl'), '--index', '0'], {
        encoding: 'utf8',
      });
      expect(refused.status).toBe(2);
      expect(refused.stderr).toMatch(/^attnlab: model: this folder's fingerprint [0-9a-f]{16} is not the study's/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Equal JSON but numbers, which agree within 1e-9 relative (native and wasm differ in last bits). */
function expectClose(got: unknown, want: unknown, path: string): void {
  if (typeof want === 'number' && typeof got === 'number') {
    expect(Math.abs(got - want), path).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(want)));
  } else if (want && typeof want === 'object') {
    expect(typeof got, path).toBe('object');
    const keys = Object.keys(want as object);
    expect(Object.keys(got as object), path).toEqual(keys);
    for (const key of keys)
      expectClose((got as Record<string, unknown>)[key], (want as Record<string, unknown>)[key], `${path}/${key}`);
  } else {
    expect(got, path).toEqual(want);
  }
}
