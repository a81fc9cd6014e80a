// SPDX-License-Identifier: Apache-2.0
// Tick positions for colour legends (Plot draws its own axes). DOM-free.

/** 1, 2 or 5 × 10^k steps giving about `count` ticks inside [lo, hi]. */
export function linearTicks(lo: number, hi: number, count = 5): number[] {
  if (!(hi > lo)) return Number.isFinite(lo) ? [lo] : [];
  const raw = (hi - lo) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const ticks: number[] = [];
  for (let k = Math.ceil(lo / step); k * step <= hi + step * 1e-9; k++) ticks.push(Number((k * step).toPrecision(12)));
  return ticks;
}

/** Powers of ten inside [lo, hi] (thinned to at most `count`), or the ends if there are fewer than two. */
export function logTicks(lo: number, hi: number, count = 6): number[] {
  if (!(lo > 0) || !(hi > lo)) return hi > 0 ? [hi] : [];
  const first = Math.ceil(Math.log10(lo) - 1e-9),
    last = Math.floor(Math.log10(hi) + 1e-9);
  if (last - first < 1) return [lo, hi];
  const stride = Math.ceil((last - first + 1) / count);
  const ticks: number[] = [];
  for (let e = last; e >= first; e -= stride) ticks.unshift(Number(`1e${e}`)); // 10 ** -4 is 9.999…e-5
  return ticks;
}

export function legendTicks(domain: [number, number], type: 'linear' | 'log'): number[] {
  return type === 'log' ? logTicks(domain[0], domain[1]) : linearTicks(domain[0], domain[1]);
}

/**
 * 1-2-5 ticks (1, 2, 5, 10, 20, …) inside [lo, hi] for a log axis that names its values, thinned
 * to 1-3, then to powers of ten, then to every k-th power of ten when more than `maxCount` would not fit.
 */
export function niceLogTicks(lo: number, hi: number, maxCount = 10): number[] {
  if (!(lo > 0) || !(hi >= lo)) return [];
  for (const mantissas of [[1, 2, 5], [1, 3], [1]]) {
    const ticks: number[] = [];
    for (let e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); e++) {
      for (const m of mantissas) {
        const t = Number((m * 10 ** e).toPrecision(12));
        if (t >= lo * (1 - 1e-9) && t <= hi * (1 + 1e-9)) ticks.push(t);
      }
    }
    if (ticks.length <= maxCount) return ticks;
    if (mantissas.length === 1) {
      // Powers of ten still too many (a spectrum over 11 decades on a short axis): every second, third… decade.
      const stride = Math.ceil(ticks.length / Math.max(1, maxCount));
      return ticks.filter((t) => Math.round(Math.log10(t)) % stride === 0);
    }
  }
  return [];
}
