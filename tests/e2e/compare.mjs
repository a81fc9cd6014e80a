// SPDX-License-Identifier: Apache-2.0
// Deep comparison of two result JSONs, shared by the native-vs-wasm test and the end-to-end test.
// Integers, booleans and strings must be equal; reals agree to `rel` relative, with an absolute
// floor of `absFloor` times the scale of their array (1 for a scalar), so that quantities at
// rounding-noise level (a row-sum error of 1e-16, trailing singular values) do not count.

/**
 * @param {unknown} a reference (native, or headless)
 * @param {unknown} b candidate (wasm, or the page)
 * @param {{ rel?: number, absFloor?: number, limit?: number }} [options]
 * @returns {string[]} one "path: what" line per difference (at most `limit`)
 */
export function differences(a, b, { rel = 1e-9, absFloor = 1e-12, limit = 20 } = {}) {
  const out = [];
  const visit = (x, y, path, scale) => {
    if (out.length >= limit) return;
    if (typeof x === 'number' && typeof y === 'number') {
      const exact = Number.isInteger(x) && Number.isInteger(y);
      const tolerance = exact ? 0 : rel * Math.max(Math.abs(x), Math.abs(y)) + absFloor * scale;
      if (!(Math.abs(x - y) <= tolerance)) out.push(`${path}: ${x} vs ${y}`);
    } else if (Array.isArray(x) && Array.isArray(y)) {
      if (x.length !== y.length) return void out.push(`${path}: length ${x.length} vs ${y.length}`);
      let arrayScale = 0;
      for (const v of x) if (typeof v === 'number') arrayScale = Math.max(arrayScale, Math.abs(v));
      x.forEach((v, k) => visit(v, y[k], `${path}[${k}]`, arrayScale || 1));
    } else if (x && y && typeof x === 'object' && typeof y === 'object' && !Array.isArray(x) && !Array.isArray(y)) {
      const kx = Object.keys(x).sort(),
        ky = Object.keys(y).sort();
      if (kx.join() !== ky.join()) return void out.push(`${path}: keys [${kx}] vs [${ky}]`);
      for (const k of kx) visit(x[k], y[k], `${path}.${k}`, 1);
    } else if (x !== y) {
      out.push(`${path}: ${JSON.stringify(x)} vs ${JSON.stringify(y)}`);
    }
  };
  visit(a, b, '$', 1);
  return out;
}
