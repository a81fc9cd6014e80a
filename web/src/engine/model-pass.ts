// SPDX-License-Identifier: Apache-2.0
// "Your own model": a Hugging Face checkpoint folder read and run by the core (wasm/bindings/model.cpp), with the reads
// done here because they are asynchronous: Blob.slice(a, b).arrayBuffer() in the page (a File) and in Node
// (fs.openAsBlob). The core says which byte ranges it needs; only those are read, one layer at a time, so the memory is
// one layer's weights and the activations, never the whole file. Runs in a worker in the page, in-process headless.
import type { Core, ModelSessionModule } from './core';
import {
  blobReader,
  ModelError,
  type ByteRange,
  type ModelFiles,
  type RangeReader,
  type ReadBytes,
} from './model-files';

/** What the core read from config.json and the safetensors headers. */
export interface ModelInfo {
  name: string;
  modelType: string;
  family: string;
  layers: number;
  heads: number;
  kvHeads: number;
  headDim: number;
  hidden: number;
  vocab: number;
  /** The most tokens the model's positions allow. */
  tokenLimit: number;
  causal: boolean;
  /** F32, F16, BF16 or mixed. */
  dtype: string;
  fileBytes: number;
  files: string[];
  /** The core's fingerprint of the folder (FNV-1a of config.json and the headers): a study's jobs carry it. */
  fingerprint: string;
  /** Why weights only cannot take this model ('' when it can): refused before a byte of weights is read. */
  weightsProblem?: string;
}

/** One layer's queries of all query heads (tokens × heads·head_dim) and keys of all key heads, row-major. */
interface LayerQk {
  layer: number;
  q: Float64Array;
  k: Float64Array;
  scale: number;
}

/** Where a pass's layers go: to a visitor (false stops the pass), or into the core's head stacks. */
type LayerVisit = ((layer: LayerQk) => boolean | void) | 'stack';

/** Progress of a pass: bytes read so far, the layer being run (from 0) and how many layers the pass runs. */
export interface PassProgress {
  bytesRead: number;
  layer: number;
  layers: number;
}

interface Answer {
  ok?: boolean;
  error?: string;
  need?: ByteRange[];
  model?: ModelInfo;
  estimateBytes?: number;
  scale?: number;
}

function newSession(core: Core): ModelSessionModule {
  const ctor = core.module.ModelSession;
  if (!ctor) throw new ModelError('this build of the core cannot read models');
  return new ctor();
}

async function putRanges(
  session: ModelSessionModule,
  read: RangeReader,
  ranges: ByteRange[],
  keep?: ReadBytes[],
): Promise<number> {
  let bytes = 0;
  for (const r of await read(ranges)) {
    session.put(r.range.file, r.range.begin, r.bytes);
    keep?.push(r);
    bytes += r.bytes.length;
  }
  return bytes;
}

/**
 * The folder's fingerprint: sha256 of what opening it read (config.json, the shard index, each safetensors header:
 * never the weights), in file and offset order, as 16 hexadecimal digits. Two folders with one fingerprint hold the
 * same model description and tensor layout; a link records it so that opening another folder is noticed.
 */
async function fingerprint(read: ReadBytes[]): Promise<string> {
  const sorted = [...read].sort((a, b) =>
    a.range.file < b.range.file ? -1 : a.range.file > b.range.file ? 1 : a.range.begin - b.range.begin,
  );
  const encoder = new TextEncoder();
  const parts = sorted.flatMap(({ range, bytes }) => [encoder.encode(`${range.file}\0${range.begin}\0`), bytes]);
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', all));
  return [...digest.slice(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A checkpoint opened by the core: what it is, and its passes. Call close() when done (frees the core's memory). */
export class OpenedModel {
  private constructor(
    private readonly session: ModelSessionModule,
    private readonly read: RangeReader,
    readonly info: ModelInfo,
    /** 16 hex digits of sha256 over config.json and the safetensors headers (see fingerprint). */
    readonly fingerprint: string,
  ) {}

  /**
   * Reads config.json, the shard index and the safetensors headers (the core asks for each); throws ModelError. `read`
   * reads the files' bytes (by default here, from the Blobs).
   */
  static async open(core: Core, files: ModelFiles, read: RangeReader = blobReader(files)): Promise<OpenedModel> {
    const session = newSession(core);
    try {
      for (const [name, blob] of files) session.setFile(name, blob.size);
      const seen: ReadBytes[] = [];
      // Each answer names the next bytes it needs (config.json, the index, a header's length, the header): a few
      // rounds.
      for (let round = 0; round < 4 * files.size + 8; round++) {
        const answer = JSON.parse(session.open()) as Answer;
        if (answer.need) {
          await putRanges(session, read, answer.need, seen);
          continue;
        }
        if (!answer.ok || !answer.model) throw new ModelError(answer.error ?? 'the model could not be opened');
        return new OpenedModel(session, read, answer.model, await fingerprint(seen));
      }
      throw new ModelError('the checkpoint kept asking for more headers than the folder has files');
    } catch (error) {
      session.delete();
      throw error;
    }
  }

  /**
   * Layers 0..lastLayer on `ids`: `visit` receives each layer's Q and K; returning false (or onProgress returning
   * false) stops between layers. Returns the core's memory estimate of the pass (bytes), and whether it stopped.
   */
  async pass(
    ids: number[],
    lastLayer: number,
    visit: LayerVisit,
    onProgress?: (p: PassProgress) => boolean | void,
  ): Promise<{ estimateBytes: number; stopped: boolean }> {
    const started = JSON.parse(this.session.start(JSON.stringify(ids), lastLayer)) as Answer;
    if (!started.ok) throw new ModelError(started.error ?? 'the pass could not start');
    const estimateBytes = started.estimateBytes ?? 0;
    let bytesRead = 0;
    // Layer l + 1's bytes are read while layer l runs (in the page by a reader worker): at most two layers' raw bytes.
    const readsAt = (layer: number) => this.read(JSON.parse(this.session.readsAt(layer)) as ByteRange[]);
    let next = readsAt(0);
    next.catch(() => undefined); // awaited below; a failure before then is not unhandled
    this.session.warm(); // while layer 0's bytes are read
    for (let layer = 0; layer <= lastLayer; layer++) {
      if (onProgress?.({ bytesRead, layer, layers: lastLayer + 1 }) === false) return { estimateBytes, stopped: true };
      for (const { range, bytes } of await next) {
        this.session.put(range.file, range.begin, bytes);
        bytesRead += bytes.length;
      }
      if (layer < lastLayer) {
        next = readsAt(layer + 1);
        next.catch(() => undefined);
      }
      const step = JSON.parse(this.session.step()) as Answer;
      if (!step.ok) throw new ModelError(step.error ?? 'the layer failed');
      if (this.visitLayer(layer, step, visit) === false) return { estimateBytes, stopped: true };
    }
    onProgress?.({ bytesRead, layer: lastLayer + 1, layers: lastLayer + 1 });
    return { estimateBytes, stopped: false };
  }

  /**
   * Weights only (no text, no forward pass): layers 0..lastLayer's W_Qᵀ and W_Kᵀ as Q and K over the residual
   * stream's basis vectors (hidden "tokens"), so that Q Kᵀ × scale is each head's bilinear form W_Q^hᵀ W_K^h.
   * Reads only W_Q and W_K (model/weight_heads.hpp).
   */
  async weights(
    lastLayer: number,
    visit: LayerVisit,
    onProgress?: (p: PassProgress) => boolean | void,
  ): Promise<{ stopped: boolean }> {
    let bytesRead = 0;
    for (let layer = 0; layer <= lastLayer; layer++) {
      if (onProgress?.({ bytesRead, layer, layers: lastLayer + 1 }) === false) return { stopped: true };
      bytesRead += await putRanges(this.session, this.read, JSON.parse(this.session.weightReads(layer)) as ByteRange[]);
      const step = JSON.parse(this.session.weightStep(layer)) as Answer;
      if (!step.ok) throw new ModelError(step.error ?? 'the layer failed');
      if (this.visitLayer(layer, step, visit) === false) return { stopped: true };
    }
    onProgress?.({ bytesRead, layer: lastLayer + 1, layers: lastLayer + 1 });
    return { stopped: false };
  }

  /** The step's layer to `visit` (its Q and K copied out), or into the core's head stacks ('stack'). */
  private visitLayer(layer: number, step: Answer, visit: LayerVisit): boolean | void {
    if (visit === 'stack') {
      if (!this.session.stackLayer()) throw new ModelError('the heads could not be stacked');
      return;
    }
    const q = this.session.q(),
      k = this.session.k();
    if (!q || !k) throw new ModelError('the layer gave no queries');
    return visit({ layer, q, k, scale: step.scale ?? 1 });
  }

  /** Starts the core's head stacks of layers 0..lastLayer on n rows (model/head_stack.hpp). */
  startStacks(lastLayer: number, n: number): void {
    if (!this.session.stackStart(lastLayer + 1, n)) throw new ModelError('not enough memory for the heads');
  }

  /** The core's head stacks, once every layer is in. */
  takeStacks(shape: number[]): HeadStacks {
    const q = this.session.stackValues('q'),
      k = this.session.stackValues('k');
    if (!q || !k) throw new ModelError('the heads were not stacked');
    return { q: { shape, values: q }, k: { shape: [...shape], values: k } };
  }

  /** What `attnlab model-qk` prints for query head `head` of the layer the last pass ended on (JSON text). */
  headJson(head: number): string {
    const text = this.session.headJson(head);
    const parsed = JSON.parse(text) as { ok?: boolean; error?: string };
    if (parsed.ok === false) throw new ModelError(parsed.error ?? 'no head');
    return text;
  }

  close(): void {
    this.session.delete();
  }
}

/**
 * Every head of layers 0..lastLayer as the head stacks paper 3's experiments take, stacked by the core
 * (model/head_stack.hpp): Q and K of shape (layers, heads, tokens, head_dim), key heads repeated for grouped-query
 * attention (query head h uses key head h / (H / H_kv)), each layer's attention scale folded into its Q so that the
 * logits are Q Kᵀ (scale 1).
 */
export interface HeadStacks {
  q: { shape: number[]; values: Float64Array };
  k: { shape: number[]; values: Float64Array };
}

/**
 * ids: the text's tokens (a forward pass), or 'weights': the heads' bilinear forms (OpenedModel.weights; n = hidden).
 */
export async function headStacks(
  model: OpenedModel,
  ids: number[] | 'weights',
  lastLayer: number,
  onProgress?: (p: PassProgress) => boolean | void,
): Promise<HeadStacks | undefined> {
  if (ids === 'weights' && model.info.weightsProblem) throw new ModelError(model.info.weightsProblem);
  const n = ids === 'weights' ? model.info.hidden : ids.length;
  model.startStacks(lastLayer, n);
  const { stopped } =
    ids === 'weights'
      ? await model.weights(lastLayer, 'stack', onProgress)
      : await model.pass(ids, lastLayer, 'stack', onProgress);
  if (stopped) return undefined;
  return model.takeStacks([lastLayer + 1, model.info.heads, n, model.info.headDim]);
}
