// SPDX-License-Identifier: Apache-2.0
// Model folders written by a test: a committed tiny checkpoint (tests/fixtures/models) made deeper, its layer i
// taking the weights of layer i mod L (a valid checkpoint of another depth, with another fingerprint), in a
// temporary folder named as asked. The caller deletes it (rmSync on the returned parent).
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './helpers.mjs';

const LAYER = /^(.*?\blayers?\.|.*?\bh\.)(\d+)(\..*)$/;

/** `fixture` (a folder of tests/fixtures/models) with `layers` layers, written to <tmp>/<name>; returns its path. */
export function deeperModel(fixture, layers, name, parent = mkdtempSync(join(tmpdir(), 'attnlab-model-'))) {
  const from = join(root, 'tests/fixtures/models', fixture);
  const bytes = readFileSync(join(from, 'model.safetensors'));
  const headerLength = Number(bytes.readBigUInt64LE(0));
  const header = JSON.parse(bytes.subarray(8, 8 + headerLength).toString('utf8'));
  const data = bytes.subarray(8 + headerLength);
  const config = JSON.parse(readFileSync(join(from, 'config.json'), 'utf8'));
  const depthKey = ['num_hidden_layers', 'n_layer', 'n_layers'].find((k) => k in config);
  const old = config[depthKey];
  const out = {},
    chunks = [];
  let offset = 0;
  const put = (key, entry) => {
    const [a, b] = entry.data_offsets;
    chunks.push(data.subarray(a, b));
    out[key] = { ...entry, data_offsets: [offset, offset + (b - a)] };
    offset += b - a;
  };
  for (const [key, entry] of Object.entries(header)) {
    if (key === '__metadata__') continue;
    const m = LAYER.exec(key);
    if (!m) put(key, entry);
    else if (Number(m[2]) === 0)
      for (let layer = 0; layer < layers; layer++) {
        const source = `${m[1]}${layer % old}${m[3]}`;
        put(`${m[1]}${layer}${m[3]}`, header[source]);
      }
  }
  if (header.__metadata__) out.__metadata__ = header.__metadata__;
  let json = Buffer.from(JSON.stringify(out));
  json = Buffer.concat([json, Buffer.alloc((8 - (json.length % 8)) % 8, 0x20)]);
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(json.length));
  const folder = join(parent, name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'model.safetensors'), Buffer.concat([length, json, ...chunks]));
  writeFileSync(join(folder, 'config.json'), JSON.stringify({ ...config, [depthKey]: layers }, null, 1));
  copyFileSync(join(from, 'tokenizer.json'), join(folder, 'tokenizer.json'));
  return folder;
}
