// The one number syntax of the lab, the core's too (attnlab/decimal.hpp): plain decimal, no '+',
// no hex. Number() would also accept '', '0x1f' and ' 12 '. The page trims what is typed around a
// value and always sends the core canonical text, which the core reads without trimming. Used by the
// URL codec (state/values.ts) and the headless runner's options alike.
const DECIMAL = /^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

export function parseDecimal(text: string): number | undefined {
  const t = text.trim();
  if (t.length > 64 || !DECIMAL.test(t)) return undefined;
  const x = Number(t) + 0; // −0 reads as 0, as it is written
  return Number.isFinite(x) ? x : undefined;
}
