// SPDX-License-Identifier: Apache-2.0
// A model folder that is small on disk and large on paper for weights only: one LLaMA layer of 4 query heads of
// head_dim 1024 over a 1024-wide residual stream (one key head, grouped-query attention), 20 MB of bfloat16. Each
// head's bilinear form costs n·d_h² + n²·d_h = 2·1024³ units, about 4 s in a browser (engine/estimate.ts), so rank-zoo
// at a few temperatures is estimated well over the page's 30 s. Pseudo-random weights; the caller deletes the folder.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './helpers.mjs';

const HIDDEN = 1024,
  HEADS = 4,
  KV_HEADS = 1,
  HEAD_DIM = 1024,
  INTERMEDIATE = 16,
  VOCAB = 32;

/** bfloat16 bits of small pseudo-random values (a fixed LCG: the same folder every time). */
function bf16(count, seed) {
  const out = new Uint16Array(count),
    f32 = new Float32Array(1),
    bits = new Uint32Array(f32.buffer);
  let s = seed >>> 0;
  for (let i = 0; i < count; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    f32[0] = (s / 2 ** 32 - 0.5) * 0.06;
    out[i] = bits[0] >>> 16;
  }
  return out;
}

/** Writes the folder <parent>/<name> (config.json, model.safetensors, tokenizer.json) and returns its path. */
export function largeOnPaperModel(parent, name) {
  const p = 'model.layers.0.';
  const tensors = [
    ['model.embed_tokens.weight', [VOCAB, HIDDEN]],
    [`${p}input_layernorm.weight`, [HIDDEN]],
    [`${p}self_attn.q_proj.weight`, [HEADS * HEAD_DIM, HIDDEN]],
    [`${p}self_attn.k_proj.weight`, [KV_HEADS * HEAD_DIM, HIDDEN]],
    [`${p}self_attn.v_proj.weight`, [KV_HEADS * HEAD_DIM, HIDDEN]],
    [`${p}self_attn.o_proj.weight`, [HIDDEN, HEADS * HEAD_DIM]],
    [`${p}post_attention_layernorm.weight`, [HIDDEN]],
    [`${p}mlp.gate_proj.weight`, [INTERMEDIATE, HIDDEN]],
    [`${p}mlp.up_proj.weight`, [INTERMEDIATE, HIDDEN]],
    [`${p}mlp.down_proj.weight`, [HIDDEN, INTERMEDIATE]],
    ['model.norm.weight', [HIDDEN]],
    ['lm_head.weight', [VOCAB, HIDDEN]],
  ];
  const header = { __metadata__: { format: 'pt' } },
    chunks = [];
  let offset = 0;
  tensors.forEach(([key, shape], i) => {
    const count = shape.reduce((a, b) => a * b, 1);
    const data = bf16(count, i + 1);
    chunks.push(Buffer.from(data.buffer));
    header[key] = { dtype: 'BF16', shape, data_offsets: [offset, offset + 2 * count] };
    offset += 2 * count;
  });
  let json = Buffer.from(JSON.stringify(header));
  json = Buffer.concat([json, Buffer.alloc((8 - (json.length % 8)) % 8, 0x20)]);
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(json.length));
  const folder = join(parent, name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'model.safetensors'), Buffer.concat([length, json, ...chunks]));
  const config = {
    architectures: ['LlamaForCausalLM'],
    model_type: 'llama',
    vocab_size: VOCAB,
    hidden_size: HIDDEN,
    num_hidden_layers: 1,
    num_attention_heads: HEADS,
    num_key_value_heads: KV_HEADS,
    head_dim: HEAD_DIM,
    intermediate_size: INTERMEDIATE,
    hidden_act: 'silu',
    max_position_embeddings: 64,
    rms_norm_eps: 1e-6,
    rope_theta: 10000.0,
    tie_word_embeddings: false,
  };
  writeFileSync(join(folder, 'config.json'), JSON.stringify(config, null, 1));
  copyFileSync(join(root, 'tests/fixtures/models/llama-f32/tokenizer.json'), join(folder, 'tokenizer.json'));
  return folder;
}
