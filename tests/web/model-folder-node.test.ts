// SPDX-License-Identifier: Apache-2.0
// A model folder read headless (web/src/engine/node-model-files.ts): a file past 4 GiB (sparse, so the test writes
// only its header and a few bytes) has its exact size and its bytes at offsets above 2^32, where Node 20's openAsBlob
// wrapped the size modulo 2^32 and refused every such shard as truncated; a checkpoint whose tensors lie past 4 GiB
// gives the heads of the same checkpoint packed tight; an entry that is not a regular file (a directory, a FIFO, a
// dangling or looping symlink) named like a needed file is refused with exit 2 and one line naming it and the cause,
// headless and by the native CLI (its own words, a FIFO never opened); F64 weights are named double precision.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  closeSync,
  cpSync,
  existsSync,
  ftruncateSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../web/src/engine/core';
import { loadCoreNode } from '../../web/src/engine/load-node';
import { blobReader } from '../../web/src/engine/model-files';
import { folderFiles, modelQkMain } from '../../web/src/engine/model-headless';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixtures = `${root}tests/fixtures/models/`;
const wasmDir = `${root}web/src/wasm/`;
const cli = `${root}build/native/attnlab`;
const GiB = 2 ** 30;
const BIG = 4.5 * GiB;

let dir = '';
let core: Core;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'attnlab-folder-'));
  core = await loadCoreNode(wasmDir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A sparse file of `size` bytes holding `parts` at their offsets (zeros elsewhere, never written). */
function sparseFile(path: string, size: number, parts: [number, Uint8Array][]): void {
  const fd = openSync(path, 'w');
  try {
    ftruncateSync(fd, size);
    for (const [at, bytes] of parts) writeSync(fd, bytes, 0, bytes.length, at);
  } finally {
    closeSync(fd);
  }
}

/** `npm run lab -- model-qk` on a folder through modelQkMain: exit code, stdout, stderr. */
async function modelQk(folder: string, rest = ['ids=2,7,11,3', 'layer=1', 'head=2']) {
  let stdout = '',
    stderr = '';
  const code = await modelQkMain(core, [`model=${folder}`, ...rest], {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
  });
  return { code, stdout, stderr };
}

describe('files past 4 GiB headless', () => {
  it('a sparse 4.5 GiB file: its exact size, and the bytes written above 2^32 read back by position', async () => {
    const folder = join(dir, 'sparse');
    mkdirSync(folder);
    const high = Uint8Array.from({ length: 64 }, (_, i) => (i * 37 + 11) & 255);
    const tail = Uint8Array.from({ length: 16 }, (_, i) => 255 - i);
    sparseFile(join(folder, 'big.bin'), BIG, [
      [2 ** 32 + 5, high],
      [BIG - tail.length, tail],
    ]);
    const files = await folderFiles(folder);
    expect(files.get('big.bin')!.size).toBe(BIG);
    const read = await blobReader(files)([
      { file: 'big.bin', begin: 2 ** 32 + 5, end: 2 ** 32 + 5 + high.length },
      { file: 'big.bin', begin: BIG - tail.length, end: BIG },
      { file: 'big.bin', begin: 2 ** 32 - 3, end: 2 ** 32 + 7 }, // across the 2^32 boundary
    ]);
    const byBegin = new Map(read.map((r) => [r.range.begin, [...r.bytes]]));
    expect(byBegin.get(2 ** 32 + 5)).toEqual([...high]);
    expect(byBegin.get(BIG - tail.length)).toEqual([...tail]);
    expect(byBegin.get(2 ** 32 - 3)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, high[0], high[1]]);
    await expect(blobReader(files)([{ file: 'big.bin', begin: BIG - 1, end: BIG + 1 }])).rejects.toThrow(/beyond/);
  });

  it('a checkpoint whose tensors lie past 4 GiB gives the heads of the same checkpoint packed tight', async () => {
    const source = `${fixtures}llama-f32`;
    const folder = join(dir, 'llama-far');
    mkdirSync(folder);
    for (const name of ['config.json', 'tokenizer.json']) cpSync(join(source, name), join(folder, name));
    const bytes = readFileSync(join(source, 'model.safetensors'));
    const headerLength = Number(bytes.readBigUInt64LE(0));
    const header = JSON.parse(bytes.subarray(8, 8 + headerLength).toString('utf8')) as Record<
      string,
      { data_offsets?: [number, number] }
    >;
    // A U8 tensor fills the first 4.5 GiB of the data (holes are refused), every real tensor moves past it.
    const pad = BIG;
    const moved: Record<string, unknown> = { 'zz.padding': { dtype: 'U8', shape: [pad], data_offsets: [0, pad] } };
    for (const [name, t] of Object.entries(header))
      moved[name] = t.data_offsets ? { ...t, data_offsets: t.data_offsets.map((o) => o + pad) } : t;
    const text = Buffer.from(JSON.stringify(moved), 'utf8');
    const length = Buffer.alloc(8);
    length.writeBigUInt64LE(BigInt(text.length));
    const data = bytes.subarray(8 + headerLength);
    const dataStart = 8 + text.length;
    sparseFile(join(folder, 'model.safetensors'), dataStart + pad + data.length, [
      [0, length],
      [8, text],
      [dataStart + pad, data],
    ]);
    const far = await modelQk(folder);
    expect(far.stderr).toBe('');
    expect(far.code).toBe(0);
    const tight = await modelQk(source);
    expect(JSON.parse(far.stdout).q).toEqual(JSON.parse(tight.stdout).q);
    expect(JSON.parse(far.stdout).logits).toEqual(JSON.parse(tight.stdout).logits);
  }, 60_000);
});

describe('entries that are not regular files', () => {
  /** A copy of llama-f32 whose `name` is replaced by what `make` puts at its path. */
  function folderWith(label: string, name: string, make: (path: string) => void): string {
    const folder = join(dir, label);
    cpSync(`${fixtures}llama-f32`, folder, { recursive: true });
    rmSync(join(folder, name));
    make(join(folder, name));
    return folder;
  }
  const cases: [string, string, (path: string) => void, RegExp][] = [
    ['directory', 'config.json', (p) => mkdirSync(p), /^config\.json: a directory, not a regular file$/],
    ['fifo', 'config.json', (p) => execFileSync('mkfifo', [p]), /^config\.json: a FIFO, not a regular file$/],
    [
      'dangling',
      'model.safetensors',
      (p) => symlinkSync('../nowhere/model.safetensors', p),
      /^model\.safetensors: a symbolic link to '\.\.\/nowhere\/model\.safetensors', which does not exist$/,
    ],
    ['loop', 'config.json', (p) => symlinkSync('config.json', p), /^config\.json: a symbolic link loop /],
  ];
  it.each(cases)('%s named %s: exit 2, one line naming it and the cause', async (label, name, make, cause) => {
    const folder = folderWith(label, name, make);
    const run = await modelQk(folder);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr.slice(`attnlab: ${folder}: `.length).trimEnd()).toMatch(cause);
  });

  // The native CLI (and Python, through the same reader) says the same causes in its own words.
  const nativeCauses: [string, string, (path: string) => void][] = [
    ['config.json', 'config.json: a directory, not a regular file', (p) => mkdirSync(p)],
    ['config.json', 'config.json: a FIFO (named pipe), not a regular file', (p) => execFileSync('mkfifo', [p])],
    ['config.json', 'config.json: a symbolic link that loops', (p) => symlinkSync('config.json', p)],
    [
      'model.safetensors',
      'model.safetensors: a symbolic link to nothing (dangling)',
      (p) => symlinkSync('../nowhere/model.safetensors', p),
    ],
  ];
  it.skipIf(!existsSync(cli)).each(nativeCauses)('native CLI, %s: exit 2 at once, "%s"', (name, cause, make) => {
    const folder = folderWith(`native-${cause.replace(/\W+/g, '-')}`, name, make);
    const started = performance.now();
    const run = spawnSync(cli, ['model-qk', `model=${folder}`, 'ids=1,2', 'layer=0', 'head=0'], {
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr.startsWith(`attnlab: ${folder}: ${cause}`)).toBe(true);
    expect(performance.now() - started).toBeLessThan(5000); // a FIFO is never opened: no wait for a writer
  });

  it('F64 weights are refused as double precision (not "quantized"), natively and headless', async () => {
    const folder = join(dir, 'f64');
    cpSync(`${fixtures}llama-f32`, folder, { recursive: true });
    writeFileSync(
      join(folder, 'model.safetensors'),
      withF64(readFileSync(join(folder, 'model.safetensors')), 'q_proj'),
    );
    const want =
      "model.safetensors: tensor 'model.layers.0.self_attn.q_proj.weight' has dtype F64: double-precision (F64) " +
      'weights are not supported (F32, F16, BF16)';
    const run = await modelQk(folder, ['ids=1,2', 'layer=0', 'head=0']);
    expect(run.code).toBe(2);
    expect(run.stderr.trimEnd()).toBe(`attnlab: ${folder}: ${want}`);
    if (!existsSync(cli)) return;
    const native = spawnSync(cli, ['model-qk', `model=${folder}`, 'ids=1,2', 'layer=0', 'head=0'], {
      encoding: 'utf8',
    });
    expect(native.status).toBe(2);
    expect(native.stderr.trimEnd()).toBe(`attnlab: ${folder}: ${want}`);
  });

  it('a dangling tokenizer.json is named with its cause when a text needs it, and ignored when ids are given', async () => {
    const folder = folderWith('dangling-tokenizer', 'tokenizer.json', (p) => symlinkSync('gone.json', p));
    const byText = await modelQk(folder, ['text=the cat', 'layer=0', 'head=0']);
    expect(byText.code).toBe(2);
    expect(byText.stderr).toContain("tokenizer.json: a symbolic link to 'gone.json', which does not exist");
    expect((await modelQk(folder)).code).toBe(0);
  });

  it('npm run lab: a looping symlink exits 2 with one line (it threw ELOOP and exited 1)', () => {
    const folder = folderWith('loop-lab', 'model.safetensors', (p) => symlinkSync('model.safetensors', p));
    const run = spawnSync(
      process.execPath,
      [`${root}scripts/lab.mjs`, 'model-qk', `model=${folder}`, 'ids=1,2', 'layer=0', 'head=0'],
      { cwd: root, encoding: 'utf8' },
    );
    expect(run.status).toBe(2);
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      `attnlab: ${folder}: model.safetensors: a symbolic link loop (too many levels of symbolic links)`,
    ]);
  }, 60_000);
});

/** A safetensors file whose first tensor named like `part` is F64 (its F32 values widened), the rest as is. */
function withF64(file: Buffer, part: string): Buffer {
  const n = Number(file.readBigUInt64LE(0));
  const header = JSON.parse(file.subarray(8, 8 + n).toString('utf8')) as Record<
    string,
    { dtype: string; shape: number[]; data_offsets: [number, number] }
  >;
  const data = file.subarray(8 + n);
  const wide = Object.keys(header).find((k) => k.includes(part) && k.includes('layers.0'))!;
  const chunks: Buffer[] = [];
  let offset = 0;
  const entries = Object.entries(header).filter(([k]) => k !== '__metadata__');
  for (const [name, t] of entries.sort((a, b) => a[1].data_offsets[0] - b[1].data_offsets[0])) {
    let raw = data.subarray(t.data_offsets[0], t.data_offsets[1]);
    if (name === wide) {
      const f64 = Buffer.alloc(raw.length * 2);
      for (let i = 0; i < raw.length / 4; i++) f64.writeDoubleLE(raw.readFloatLE(4 * i), 8 * i);
      raw = f64;
      t.dtype = 'F64';
    }
    t.data_offsets = [offset, offset + raw.length];
    offset += raw.length;
    chunks.push(raw);
  }
  let json = Buffer.from(JSON.stringify(header));
  json = Buffer.concat([json, Buffer.alloc((8 - (json.length % 8)) % 8, 0x20)]);
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(json.length));
  return Buffer.concat([length, json, ...chunks]);
}
