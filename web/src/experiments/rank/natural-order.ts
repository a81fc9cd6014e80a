// SPDX-License-Identifier: Apache-2.0
// The order of a table column: numbers by value, names with their numbers read as numbers (L0H2 before L0H10).
export function naturalOrder(a: unknown, b: unknown): number {
  if (typeof a === 'string' && typeof b === 'string') return a.localeCompare(b, 'en', { numeric: true });
  return a! < b! ? -1 : a! > b! ? 1 : 0;
}
