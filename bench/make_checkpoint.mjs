// SPDX-License-Identifier: Apache-2.0
// Random-weight checkpoints of real models' shapes for bench/own-model.mjs, written on the fly to a temporary folder
// and deleted after: BERT-base (F32, ~440 MB) and SmolLM-135M (LLaMA-style, BF16, ~270 MB), or --small 2-layer ones.
// A folder is what the core reads (wasm/core/model/needed_tensors.cpp): config.json, model.safetensors with the
// tensor names and shapes the config implies, and a tokenizer.json whose 126 or 127 words give exactly 128 tokens.
// Weights are N(0, 0.02) from a seeded xorshift + Box–Muller, written in chunks (never the whole file in memory);
// LayerNorm / RMSNorm weights 1, biases 0.
//   node bench/make_checkpoint.mjs bert|llama [--small]   (writes a folder and prints its path; you delete it)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeSafetensors } from './lib/safetensors-writer.mjs';

export const TOKENS = 128;

/** config.json of each family, real size or small (2 layers, hidden 64) for a quick check. */
export function modelConfig(kind, small = false) {
  if (kind === 'bert') {
    return {
      architectures: ['BertModel'],
      model_type: 'bert',
      vocab_size: small ? 1000 : 30522,
      hidden_size: small ? 64 : 768,
      num_hidden_layers: small ? 2 : 12,
      num_attention_heads: small ? 4 : 12,
      intermediate_size: small ? 256 : 3072,
      hidden_act: 'gelu',
      max_position_embeddings: 512,
      type_vocab_size: 2,
      layer_norm_eps: 1e-12,
      position_embedding_type: 'absolute',
      pad_token_id: 0,
      torch_dtype: 'float32',
    };
  }
  if (kind === 'llama') {
    return {
      architectures: ['LlamaForCausalLM'],
      model_type: 'llama',
      vocab_size: small ? 1000 : 49152,
      hidden_size: small ? 64 : 576,
      num_hidden_layers: small ? 2 : 30,
      num_attention_heads: small ? 4 : 9,
      num_key_value_heads: small ? 2 : 3,
      intermediate_size: small ? 128 : 1536,
      hidden_act: 'silu',
      max_position_embeddings: 2048,
      rms_norm_eps: 1e-5,
      rope_theta: 10000.0,
      tie_word_embeddings: true,
      torch_dtype: 'bfloat16',
      bos_token_id: 1,
      eos_token_id: 2,
    };
  }
  throw new Error(`unknown model kind '${kind}' (bert, llama)`);
}

/**
 * The tensors of a Hugging Face save of the model, in file order: [name, shape, init] with init 'normal', 'one' or
 * 'zero'.
 */
export function tensorList(kind, c) {
  const out = [];
  const t = (name, shape, init = 'normal') => out.push([name, shape, init]);
  const h = c.hidden_size,
    i = c.intermediate_size;
  if (kind === 'bert') {
    // BertModel.save_pretrained: no "bert." prefix, pooler included (as bert-base-uncased's 440 MB)
    t('embeddings.word_embeddings.weight', [c.vocab_size, h]);
    t('embeddings.position_embeddings.weight', [c.max_position_embeddings, h]);
    t('embeddings.token_type_embeddings.weight', [c.type_vocab_size, h]);
    t('embeddings.LayerNorm.weight', [h], 'one');
    t('embeddings.LayerNorm.bias', [h], 'zero');
    for (let l = 0; l < c.num_hidden_layers; l++) {
      const p = `encoder.layer.${l}.`;
      for (const name of [
        'attention.self.query',
        'attention.self.key',
        'attention.self.value',
        'attention.output.dense',
      ]) {
        t(`${p}${name}.weight`, [h, h]);
        t(`${p}${name}.bias`, [h]);
      }
      t(`${p}attention.output.LayerNorm.weight`, [h], 'one');
      t(`${p}attention.output.LayerNorm.bias`, [h], 'zero');
      t(`${p}intermediate.dense.weight`, [i, h]);
      t(`${p}intermediate.dense.bias`, [i]);
      t(`${p}output.dense.weight`, [h, i]);
      t(`${p}output.dense.bias`, [h]);
      t(`${p}output.LayerNorm.weight`, [h], 'one');
      t(`${p}output.LayerNorm.bias`, [h], 'zero');
    }
    t('pooler.dense.weight', [h, h]);
    t('pooler.dense.bias', [h]);
    return out;
  }
  // LlamaForCausalLM with tied embeddings: no lm_head.weight in the file.
  const d = h / c.num_attention_heads,
    q = c.num_attention_heads * d,
    kv = c.num_key_value_heads * d;
  t('model.embed_tokens.weight', [c.vocab_size, h]);
  for (let l = 0; l < c.num_hidden_layers; l++) {
    const p = `model.layers.${l}.`;
    t(`${p}input_layernorm.weight`, [h], 'one');
    t(`${p}self_attn.q_proj.weight`, [q, h]);
    t(`${p}self_attn.k_proj.weight`, [kv, h]);
    t(`${p}self_attn.v_proj.weight`, [kv, h]);
    t(`${p}self_attn.o_proj.weight`, [h, q]);
    t(`${p}post_attention_layernorm.weight`, [h], 'one');
    t(`${p}mlp.gate_proj.weight`, [i, h]);
    t(`${p}mlp.up_proj.weight`, [i, h]);
    t(`${p}mlp.down_proj.weight`, [h, i]);
  }
  t('model.norm.weight', [h], 'one');
  return out;
}

/**
 * Distinct ids spread over the vocabulary (so the embedding rows read are not one block): reserved + (k·229 mod the
 * rest).
 */
const spreadId = (k, reserved, vocab) => reserved + ((k * 229) % (vocab - reserved));

/**
 * A tokenizer.json for words w0, w1, …: BERT's WordPiece ([CLS] text [SEP]) or LLaMA's BPE over Metaspace (<s> text),
 * every id below the vocabulary size. Returns the tokenizer, the text and the ids it gives (to check and to reuse).
 */
export function tokenizer(kind, vocab) {
  const special = (id, content) => ({
    id,
    content,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  });
  if (kind === 'bert') {
    const words = Array.from({ length: TOKENS - 2 }, (_, k) => `w${k}`);
    const ids = { '[PAD]': 0, '[UNK]': 1, '[CLS]': 2, '[SEP]': 3 };
    words.forEach((w, k) => {
      ids[w] = spreadId(k, 4, vocab);
    });
    const cls = { SpecialToken: { id: '[CLS]', type_id: 0 } },
      sep = { SpecialToken: { id: '[SEP]', type_id: 0 } };
    return {
      text: words.join(' '),
      ids: [2, ...words.map((w) => ids[w]), 3],
      json: {
        version: '1.0',
        truncation: null,
        padding: null,
        added_tokens: ['[PAD]', '[UNK]', '[CLS]', '[SEP]'].map((t, k) => special(k, t)),
        normalizer: {
          type: 'BertNormalizer',
          clean_text: true,
          handle_chinese_chars: true,
          strip_accents: null,
          lowercase: true,
        },
        pre_tokenizer: { type: 'BertPreTokenizer' },
        post_processor: {
          type: 'TemplateProcessing',
          single: [cls, { Sequence: { id: 'A', type_id: 0 } }, sep],
          pair: [
            cls,
            { Sequence: { id: 'A', type_id: 0 } },
            sep,
            { Sequence: { id: 'B', type_id: 1 } },
            { SpecialToken: { id: '[SEP]', type_id: 1 } },
          ],
          special_tokens: {
            '[CLS]': { id: '[CLS]', ids: [2], tokens: ['[CLS]'] },
            '[SEP]': { id: '[SEP]', ids: [3], tokens: ['[SEP]'] },
          },
        },
        decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
        model: {
          type: 'WordPiece',
          unk_token: '[UNK]',
          continuing_subword_prefix: '##',
          max_input_chars_per_word: 100,
          vocab: ids,
        },
      },
    };
  }
  // BPE: the characters, then one merge per prefix ("▁" + "w" -> "▁w", "▁w1" + "2" ->
  // "▁w12"), so each word is one token.
  const words = Array.from({ length: TOKENS - 1 }, (_, k) => `▁w${k}`);
  const pieces = ['▁', 'w', ...'0123456789'];
  const merges = [];
  for (const w of words) {
    for (let end = 2; end <= w.length; end++) {
      const piece = w.slice(0, end);
      if (!pieces.includes(piece)) {
        pieces.push(piece);
        merges.push([w.slice(0, end - 1), w[end - 1]]);
      }
    }
  }
  const vocabMap = { '<unk>': 0, '<s>': 1, '</s>': 2 };
  pieces.forEach((p, k) => {
    vocabMap[p] = spreadId(k, 3, vocab);
  });
  return {
    text: words.map((w) => w.slice(1)).join(' '),
    ids: [1, ...words.map((w) => vocabMap[w])],
    json: {
      version: '1.0',
      truncation: null,
      padding: null,
      added_tokens: ['<unk>', '<s>', '</s>'].map((t, k) => special(k, t)),
      normalizer: null,
      pre_tokenizer: { type: 'Metaspace', replacement: '▁', prepend_scheme: 'first', split: true },
      post_processor: {
        type: 'TemplateProcessing',
        single: [{ SpecialToken: { id: '<s>', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }],
        pair: [
          { SpecialToken: { id: '<s>', type_id: 0 } },
          { Sequence: { id: 'A', type_id: 0 } },
          { SpecialToken: { id: '<s>', type_id: 1 } },
          { Sequence: { id: 'B', type_id: 1 } },
        ],
        special_tokens: { '<s>': { id: '<s>', ids: [1], tokens: ['<s>'] } },
      },
      decoder: null,
      model: {
        type: 'BPE',
        dropout: null,
        unk_token: '<unk>',
        continuing_subword_prefix: null,
        end_of_word_suffix: null,
        fuse_unk: true,
        byte_fallback: false,
        ignore_merges: false,
        vocab: vocabMap,
        merges,
      },
    },
  };
}

/**
 * Writes a checkpoint folder under os.tmpdir() (attnlab-bench-<kind>-…). Returns { folder, files, config, text, ids,
 * bytes, remove }; remove() deletes the folder, and a removal is also registered for the process's exit.
 */
export function makeCheckpoint(kind, { small = false, seed = 1 } = {}) {
  const config = modelConfig(kind, small);
  const folder = mkdtempSync(join(tmpdir(), `attnlab-bench-${kind}${small ? '-small' : ''}-`));
  const remove = () => rmSync(folder, { recursive: true, force: true });
  process.once('exit', remove);
  try {
    writeFileSync(join(folder, 'config.json'), `${JSON.stringify(config, null, 1)}\n`);
    const tok = tokenizer(kind, config.vocab_size);
    writeFileSync(join(folder, 'tokenizer.json'), JSON.stringify(tok.json));
    const bytes = writeSafetensors(
      join(folder, 'model.safetensors'),
      tensorList(kind, config),
      kind === 'bert' ? 'F32' : 'BF16',
      seed,
    );
    const files = ['config.json', 'model.safetensors', 'tokenizer.json'].map((f) => join(folder, f));
    return { folder, files, config, text: tok.text, ids: tok.ids, bytes, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const kind = process.argv[2] ?? 'bert';
  const made = makeCheckpoint(kind, { small: process.argv.includes('--small') });
  process.removeAllListeners('exit'); // the command line keeps the folder: the caller deletes it
  console.log(
    JSON.stringify({ folder: made.folder, bytes: made.bytes, tokens: made.ids.length, ids: made.ids.join(',') }),
  );
}
