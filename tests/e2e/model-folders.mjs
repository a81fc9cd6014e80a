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

/** A safetensors file's bytes: the 8-byte length, the header padded with spaces to a multiple of 8, then `data`. */
function safetensors(header, data) {
  let json = Buffer.from(JSON.stringify(header));
  json = Buffer.concat([json, Buffer.alloc((8 - (json.length % 8)) % 8, 0x20)]);
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(json.length));
  return Buffer.concat([length, json, data]);
}

/**
 * llama-f32 whose header's __metadata__ holds `keys` keys of `valueBytes` bytes each (a hostile, huge header), in a
 * temporary folder; returns its path. 160,000 keys of 600 bytes: a 98 MB header, under the reader's limits.
 */
export function hugeHeaderModel(keys, valueBytes, parent = mkdtempSync(join(tmpdir(), 'attnlab-model-'))) {
  const from = join(root, 'tests/fixtures/models/llama-f32');
  const bytes = readFileSync(join(from, 'model.safetensors'));
  const headerLength = Number(bytes.readBigUInt64LE(0));
  const header = JSON.parse(bytes.subarray(8, 8 + headerLength).toString('utf8'));
  const value = 'v'.repeat(valueBytes);
  const metadata = {};
  for (let i = 0; i < keys; i++) metadata[`k${i}`] = value;
  const folder = join(parent, `huge-header-${keys}`);
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, 'model.safetensors'),
    safetensors({ ...header, __metadata__: metadata }, bytes.subarray(8 + headerLength)),
  );
  for (const f of ['config.json', 'tokenizer.json']) copyFileSync(join(from, f), join(folder, f));
  return folder;
}

/**
 * A one-layer LLaMA of hidden size `hidden` (8 heads, vocabulary 32, weights all zero): wider than the 1,024 weights
 * only takes, every shape consistent, so only config.json's hidden size is at fault. Returns its path.
 */
export function wideModel(hidden, parent = mkdtempSync(join(tmpdir(), 'attnlab-model-'))) {
  const from = join(root, 'tests/fixtures/models/llama-f32');
  const config = JSON.parse(readFileSync(join(from, 'config.json'), 'utf8'));
  const shapes = {
    'model.embed_tokens.weight': [32, hidden],
    'model.layers.0.input_layernorm.weight': [hidden],
    'model.layers.0.post_attention_layernorm.weight': [hidden],
    'model.layers.0.self_attn.q_proj.weight': [hidden, hidden],
    'model.layers.0.self_attn.k_proj.weight': [hidden, hidden],
    'model.layers.0.self_attn.v_proj.weight': [hidden, hidden],
    'model.layers.0.self_attn.o_proj.weight': [hidden, hidden],
    'model.layers.0.mlp.gate_proj.weight': [32, hidden],
    'model.layers.0.mlp.up_proj.weight': [32, hidden],
    'model.layers.0.mlp.down_proj.weight': [hidden, 32],
    'model.norm.weight': [hidden],
    'lm_head.weight': [32, hidden],
  };
  const header = {};
  let offset = 0;
  for (const [name, shape] of Object.entries(shapes)) {
    const size = 4 * shape.reduce((a, b) => a * b, 1);
    header[name] = { dtype: 'F32', shape, data_offsets: [offset, offset + size] };
    offset += size;
  }
  const folder = join(parent, `wide-${hidden}`);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'model.safetensors'), safetensors(header, Buffer.alloc(offset)));
  writeFileSync(
    join(folder, 'config.json'),
    JSON.stringify({ ...config, hidden_size: hidden, num_attention_heads: 8, num_hidden_layers: 1 }, null, 1),
  );
  copyFileSync(join(from, 'tokenizer.json'), join(folder, 'tokenizer.json'));
  return folder;
}

/** llama-f32 with element `at` of tensor `name` (F32) set to `value` (NaN, Infinity), in a new folder; its path. */
export function poisonedModel(name, at, value, parent = mkdtempSync(join(tmpdir(), 'attnlab-model-'))) {
  const from = join(root, 'tests/fixtures/models/llama-f32');
  const bytes = Buffer.from(readFileSync(join(from, 'model.safetensors')));
  const headerLength = Number(bytes.readBigUInt64LE(0));
  const header = JSON.parse(bytes.subarray(8, 8 + headerLength).toString('utf8'));
  bytes.writeFloatLE(value, 8 + headerLength + header[name].data_offsets[0] + 4 * at);
  const folder = join(parent, `poisoned-${String(value)}`);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'model.safetensors'), bytes);
  for (const f of ['config.json', 'tokenizer.json']) copyFileSync(join(from, f), join(folder, f));
  return folder;
}
