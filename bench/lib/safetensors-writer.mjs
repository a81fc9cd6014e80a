// SPDX-License-Identifier: Apache-2.0
// model.safetensors for bench/make_checkpoint.mjs: seeded N(0, sd) weights (xorshift + Box–Muller), F32 or BF16,
// written in chunks so the file is never whole in memory.
import { closeSync, openSync, writeSync } from 'node:fs';

/** N(0, sd) in float32 chunks: xorshift32 uniforms through Box–Muller. Seeded, so a folder is the same every time. */
function normalSource(seed, sd) {
  let s = seed >>> 0 || 1;
  const uniform = () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return (s + 1) / 4294967297; // in (0, 1)
  };
  return (out) => {
    for (let k = 0; k < out.length; k += 2) {
      const r = sd * Math.sqrt(-2 * Math.log(uniform())),
        a = 2 * Math.PI * uniform();
      out[k] = r * Math.cos(a);
      if (k + 1 < out.length) out[k + 1] = r * Math.sin(a);
    }
  };
}

/** float32 -> bfloat16 bits, round to nearest even (as torch's .to(torch.bfloat16)). */
function toBf16(f32, u16) {
  const bits = new Uint32Array(f32.buffer, f32.byteOffset, f32.length);
  for (let k = 0; k < bits.length; k++) {
    const u = bits[k];
    u16[k] = (u + 0x7fff + ((u >>> 16) & 1)) >>> 16;
  }
}

const CHUNK = 1 << 20; // values per write: 4 MB of float32

/**
 * Writes model.safetensors: the 8-byte header length, the JSON header (padded to 8 bytes), then each tensor in order.
 */
export function writeSafetensors(path, tensors, dtype, seed) {
  const width = dtype === 'BF16' ? 2 : 4;
  const header = { __metadata__: { format: 'pt' } };
  let offset = 0;
  for (const [name, shape] of tensors) {
    const bytes = shape.reduce((a, b) => a * b, 1) * width;
    header[name] = { dtype, shape, data_offsets: [offset, offset + bytes] };
    offset += bytes;
  }
  let json = JSON.stringify(header);
  json += ' '.repeat((8 - ((8 + json.length) % 8)) % 8);
  const prefix = Buffer.alloc(8 + json.length);
  prefix.writeBigUInt64LE(BigInt(json.length), 0);
  prefix.write(json, 8, 'latin1');
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, prefix);
    const normal = normalSource(seed, 0.02);
    const f32 = new Float32Array(CHUNK),
      u16 = new Uint16Array(CHUNK);
    for (const [, shape, init] of tensors) {
      for (let left = shape.reduce((a, b) => a * b, 1); left > 0; left -= CHUNK) {
        const part = f32.subarray(0, Math.min(CHUNK, left));
        if (init === 'normal') normal(part);
        else part.fill(init === 'one' ? 1 : 0);
        if (width === 4) writeSync(fd, new Uint8Array(part.buffer, 0, part.length * 4));
        else {
          toBf16(part, u16);
          writeSync(fd, new Uint8Array(u16.buffer, 0, part.length * 2));
        }
      }
    }
  } finally {
    closeSync(fd);
  }
  return prefix.length + offset;
}
