// SPDX-License-Identifier: Apache-2.0
// Weights only (wasm/core/model/weight_heads.cpp through engine/model-pass.ts): each head's Q and K over the
// residual stream's basis vectors are C·diag(g)·W_Q^hᵀ (times the layer's scale) and C·diag(g)·W_K^{h'}ᵀ, h' the key
// head of query head h, g the gain of the norm before the layer's attention and C its centring (LayerNorm). Checked
// against the committed checkpoints decoded here independently (safetensors header, F32 and BF16, GPT-2's Conv1D
// [in, out] layout, a sharded Qwen2, grouped-query LLaMA), and refused cleanly on a hostile folder; a model wider than
// the analysis takes (hidden size above 1,024) is refused from config.json before a byte of its weights is read.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../web/src/engine/core';
import { loadCoreNode } from '../../web/src/engine/load-node';
import { folderFiles } from '../../web/src/engine/model-headless';
import { blobReader } from '../../web/src/engine/model-files';
import { headStacks, OpenedModel } from '../../web/src/engine/model-pass';
import { wideModel } from '../e2e/model-folders.mjs';

const fixtures = fileURLToPath(new URL('../fixtures/models/', import.meta.url));
const wasmDir = fileURLToPath(new URL('../../web/src/wasm/', import.meta.url));
const root = fileURLToPath(new URL('../..', import.meta.url));

interface Tensor {
  shape: number[];
  data: Float64Array;
}
/** Every tensor of a folder's safetensors files, decoded here (F32, BF16) with its name's model prefix dropped. */
function tensors(folder: string): Map<string, Tensor> {
  const out = new Map<string, Tensor>();
  const index = (() => {
    try {
      return JSON.parse(readFileSync(`${folder}/model.safetensors.index.json`, 'utf8')) as {
        weight_map: Record<string, string>;
      };
    } catch {
      return undefined;
    }
  })();
  for (const file of new Set(index ? Object.values(index.weight_map) : ['model.safetensors'])) {
    const bytes = readFileSync(`${folder}/${file}`);
    const n = Number(bytes.readBigUInt64LE(0));
    const header = JSON.parse(bytes.subarray(8, 8 + n).toString('utf8')) as Record<
      string,
      { dtype: string; shape: number[]; data_offsets: [number, number] }
    >;
    for (const [name, t] of Object.entries(header)) {
      if (name === '__metadata__') continue;
      const [a, b] = t.data_offsets,
        raw = bytes.subarray(8 + n + a, 8 + n + b);
      const count = t.shape.reduce((x, y) => x * y, 1),
        data = new Float64Array(count);
      for (let i = 0; i < count; i++)
        data[i] =
          t.dtype === 'F32'
            ? raw.readFloatLE(4 * i)
            : t.dtype === 'BF16'
              ? new Float32Array(new Uint32Array([raw.readUInt16LE(2 * i) << 16]).buffer)[0]
              : NaN;
      out.set(name.replace(/^(bert|roberta|distilbert|transformer|model)\./, ''), { shape: t.shape, data });
    }
  }
  return out;
}

/** The gain of the norm whose output feeds layer l's attention, and whether it centres (LayerNorm, not RMSNorm). */
function feedingNorm(folder: string, l: number): { gain: string; centres: boolean } {
  if (folder.startsWith('bert'))
    return {
      gain: l === 0 ? 'embeddings.LayerNorm.weight' : `encoder.layer.${l - 1}.output.LayerNorm.weight`,
      centres: true,
    };
  if (folder.startsWith('gpt2')) return { gain: `h.${l}.ln_1.weight`, centres: true };
  return { gain: `layers.${l}.input_layernorm.weight`, centres: false };
}

let core: Core;
beforeAll(async () => {
  core = await loadCoreNode(wasmDir);
});

describe('weights only: the heads as W_Q W_Kᵀ', () => {
  it.each([
    ['bert-f32', 'encoder.layer.L.attention.self.query.weight', 'encoder.layer.L.attention.self.key.weight'],
    ['gpt2-f32', 'h.L.attn.c_attn.weight', ''],
    ['llama-gqa-llama3-bf16', 'layers.L.self_attn.q_proj.weight', 'layers.L.self_attn.k_proj.weight'],
    ['qwen2-sharded-f32', 'layers.L.self_attn.q_proj.weight', 'layers.L.self_attn.k_proj.weight'],
  ])('%s: Q = scale · C·diag(g)·W_Q^hᵀ and K = C·diag(g)·W_K^{h/(H/H_kv)}ᵀ', async (name, qName, kName) => {
    const model = await OpenedModel.open(core, await folderFiles(`${fixtures}${name}`));
    try {
      const { layers, heads, kvHeads, headDim: dh, hidden } = model.info;
      const stacks = (await headStacks(model, 'weights', layers - 1))!;
      expect(stacks.q.shape).toEqual([layers, heads, hidden, dh]);
      const w = tensors(`${fixtures}${name}`);
      const config = JSON.parse(readFileSync(`${fixtures}${name}/config.json`, 'utf8')) as {
        scale_attn_by_inverse_layer_idx?: boolean;
      };
      for (let l = 0; l < layers; l++) {
        const scale = (config.scale_attn_by_inverse_layer_idx ? 1 / (l + 1) : 1) / Math.sqrt(dh);
        const wq = w.get(qName.replace('L', String(l)))!,
          wk = kName ? w.get(kName.replace('L', String(l)))! : wq;
        const { gain, centres } = feedingNorm(name, l);
        const g = w.get(gain)!.data;
        for (let h = 0; h < heads; h++) {
          const kh = Math.floor(h / (heads / kvHeads));
          for (let c = 0; c < dh; c++) {
            // nn.Linear [out, in]: W[h·dh + c, i]; GPT-2's Conv1D [in, 3·hidden]: W[i, h·dh + c], K from column
            // hidden on. Each column scaled by the norm's gain, then centred over the residual coordinates (LayerNorm).
            const column = (at: (i: number) => number) => {
              const v = Array.from({ length: hidden }, (_, i) => g[i] * at(i));
              const mean = centres ? v.reduce((a, b) => a + b, 0) / hidden : 0;
              return v.map((x) => x - mean);
            };
            const q = column((i) =>
              kName ? wq.data[(h * dh + c) * hidden + i] : wq.data[i * 3 * hidden + h * dh + c],
            );
            const k = column((i) =>
              kName ? wk.data[(kh * dh + c) * hidden + i] : wq.data[i * 3 * hidden + hidden + kh * dh + c],
            );
            const top = Math.max(...q.map(Math.abs), ...k.map(Math.abs));
            for (let i = 0; i < hidden; i++) {
              const at = ((l * heads + h) * hidden + i) * dh + c;
              expect(Math.abs(stacks.q.values[at] - q[i] * scale)).toBeLessThanOrEqual(1e-12 * top);
              expect(Math.abs(stacks.k.values[at] - k[i])).toBeLessThanOrEqual(1e-12 * top);
            }
          }
        }
      }
    } finally {
      model.close();
    }
  });

  it('a truncated checkpoint is refused by name, and the session reads nothing else', async () => {
    await expect(OpenedModel.open(core, await folderFiles(`${fixtures}hostile-truncated`))).rejects.toThrow(
      /model\.safetensors: .*truncated/,
    );
  });

  it('hidden size 1040: refused from config.json, before a byte of weights is read, here and headless', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'attnlab-wide-'));
    try {
      const folder = wideModel(1040, parent);
      const want =
        'config.json: hidden_size 1040 is above the 1024 the analysis takes for weights only ' +
        '(there n is the hidden size); give a text instead';
      const files = await folderFiles(folder);
      let bytesRead = 0;
      const counted = blobReader(files);
      const model = await OpenedModel.open(core, files, async (ranges) => {
        bytesRead += ranges.reduce((sum, r) => sum + r.end - r.begin, 0);
        return counted(ranges);
      });
      try {
        const opening = bytesRead;
        expect(opening).toBeLessThan(4096); // config.json and the header
        expect(model.info.weightsProblem).toBe(want);
        await expect(headStacks(model, 'weights', 0)).rejects.toThrow(want);
        expect(bytesRead).toBe(opening);
      } finally {
        model.close();
      }
      const run = spawnSync(process.execPath, [`${root}scripts/lab.mjs`, 'rank-zoo', `model=${folder}`, 'weights=1'], {
        cwd: root,
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status).toBe(2);
      expect(run.stderr.trimEnd().split('\n')).toEqual([`attnlab: ${want}`]);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  }, 60_000);
});
