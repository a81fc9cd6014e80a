// SPDX-License-Identifier: Apache-2.0
// What readers must never see, shared by the e2e pages check (readers.mjs) and the Vitest word checks.

/**
 * The specs' and the code's own labels: certificate and experiment codes, "spec" with a section sign, bare condition
 * numbers.
 */
export const INTERNAL_CODE = /\b(?:E[1-7]|U[1-5]|LB-[A-Z-]+)\b|§|\bspec\b|Theorem R|Condition \(\d+\)|\bissue \d+/;
/** A figure's legend has at most this many rows. */
export const MAX_LEGEND_ROWS = 8;
/**
 * Code where words belong: a camelCase identifier (betaMult, kSvd; arXiv spared), "source =" style settings, the
 * engine's own words ("worker pool", "worker job").
 */
export const CODE_WORD = /\b(?!arXiv\b)[a-z]+[A-Z][A-Za-z]*\b|\([a-z]+ = [a-z]+\)|\bworker (?:pool|jobs?)\b/;
/** TeX source shown as text instead of typeset: x_{…}, x^{…}, \command. */
export const RAW_TEX = /[_^]\{|\\[a-zA-Z]{2,}/;
/**
 * A stored option value in a parameter's help where its option reads otherwise ("1
 * masks…" when the option says "Yes").
 */
export function storedValuesInHelp(help, options) {
  // A value counts where it stands as a word of its own: after a space, an opening bracket or the start ("ℓ1" is not
  // "1").
  return options
    .filter((o) => !new RegExp(`(^|[^\\w])${escape(o.value)}([^\\w]|$)`, 'i').test(o.label))
    .filter((o) => new RegExp(`(^|[\\s(])${escape(o.value)}([\\s).,:;]|$)`).test(help))
    .map((o) => o.value);
}
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
