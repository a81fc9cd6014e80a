// SPDX-License-Identifier: Apache-2.0
// bench/own-model.mjs's arithmetic: the floating-point operations of a model's pass, and how far attnlab's head is
// from torch's.

/**
 * Multiply-adds × 2 of the pass: layers 0..L-2 whole (projections, QKᵀ and PV, MLP), the last layer's Q and K only.
 */
export function passFlops(kind, c, n) {
  const h = c.hidden_size,
    i = c.intermediate_size,
    H = c.num_attention_heads;
  const d = h / H,
    q = H * d,
    kv = (c.num_key_value_heads ?? H) * d;
  const projections = kind === 'bert' ? 4 * h * h + 2 * h * i : h * q + 2 * h * kv + q * h + 3 * h * i;
  const full = 2 * n * projections + 4 * n * n * H * d;
  const lastQk = 2 * n * (h * q + h * kv);
  return { pass: (c.num_hidden_layers - 1) * full + lastQk, forward: c.num_hidden_layers * full };
}

/**
 * max |a − b| / max |b|: how far attnlab's last-layer head 0 is from torch's (float32 against the core's float64).
 */
export function relativeGap(a, b) {
  let gap = 0,
    top = 0;
  for (let k = 0; k < b.length; k++) {
    gap = Math.max(gap, Math.abs(a[k] - b[k]));
    top = Math.max(top, Math.abs(b[k]));
  }
  return gap / top;
}
