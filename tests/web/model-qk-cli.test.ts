// SPDX-License-Identifier: Apache-2.0
// The native CLI's `model-qk` on the committed tiny checkpoints (tests/fixtures/models, written with Debian's
// torch by make_models.py): exactly the interface, JSON matching the torch reference within 1e-5 of the
// largest |value|, and each hostile folder refused with exit 2 and one line naming the file and the cause.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const cli = fileURLToPath(new URL('../../build/native/attnlab', import.meta.url));
const fixtures = fileURLToPath(new URL('../fixtures/models/', import.meta.url));

interface Matrix {
  rows: number;
  cols: number;
  data: number[];
}
interface HeadJson {
  ids: number[];
  layer: number;
  head: number;
  q: Matrix;
  k: Matrix;
  logits: Matrix;
}

const manifest = JSON.parse(readFileSync(`${fixtures}manifest.json`, 'utf8')) as {
  models: string[];
  hostile: Record<string, string>;
};

function modelQk(folder: string, ids: number[], layer: number, head: number) {
  return spawnSync(cli, ['model-qk', `model=${folder}`, `ids=${ids.join(',')}`, `layer=${layer}`, `head=${head}`], {
    encoding: 'utf8',
  });
}

function relativeError(got: Matrix, want: Matrix): number {
  expect([got.rows, got.cols]).toEqual([want.rows, want.cols]);
  const top = Math.max(...want.data.map(Math.abs));
  return Math.max(...got.data.map((v, i) => Math.abs(v - want.data[i]))) / top;
}

describe.skipIf(!existsSync(cli))('attnlab model-qk', () => {
  it.each(manifest.models)('%s: q, k and logits within 1e-5 of the torch reference', (name) => {
    const want = JSON.parse(readFileSync(`${fixtures}${name}/expected.json`, 'utf8')) as HeadJson;
    const run = modelQk(`${fixtures}${name}`, want.ids, want.layer, want.head);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const got = JSON.parse(run.stdout) as HeadJson;
    expect([got.ids, got.layer, got.head]).toEqual([want.ids, want.layer, want.head]);
    for (const key of ['q', 'k', 'logits'] as const)
      expect(relativeError(got[key], want[key])).toBeLessThanOrEqual(1e-5);
  });

  it.each(Object.entries(manifest.hostile))('%s: refused with exit 2, naming the file and "%s"', (name, cause) => {
    const run = modelQk(`${fixtures}${name}`, [1, 2], 0, 0);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^attnlab: .*: (model\.safetensors|config\.json): /);
    expect(run.stderr).toContain(cause);
  });

  it('refuses a bad argument by name, with exit 2', () => {
    const run = spawnSync(cli, ['model-qk', `model=${fixtures}bert-f32`, 'ids=1,x', 'layer=0', 'head=0'], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe("attnlab: ids: 'x' is not a token id (comma-separated integers >= 0)\n");
    const beyond = modelQk(`${fixtures}bert-f32`, [1, 2], 5, 0);
    expect(beyond.status).toBe(2);
    expect(beyond.stderr).toContain('layer: 5 is outside [0, 1]');
  });
});
