// SPDX-License-Identifier: Apache-2.0
// The one number syntax of the lab, the core's (numerics/shared/decimal.hpp, generated into
// experiments/generated/syntax.ts): plain decimal, no '+', no hex. Number() would also accept '', '0x1f' and ' 12 '.
// The page trims what is typed around a value and always sends the core canonical text, which the core reads without
// trimming.
import { DECIMAL, DECIMAL_MAX_LENGTH } from '../experiments/generated/syntax';

export function parseDecimal(text: string): number | undefined {
  const t = text.trim();
  if (t.length > DECIMAL_MAX_LENGTH || !DECIMAL.test(t)) return undefined;
  const x = Number(t) + 0; // −0 reads as 0, as it is written
  return Number.isFinite(x) ? x : undefined;
}
