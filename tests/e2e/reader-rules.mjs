// What readers must never see, shared by the e2e pages check (readers.mjs) and the Vitest word checks.

/** The specs' and the code's own labels: certificate and experiment codes, "spec" with a section sign, bare condition numbers. */
export const INTERNAL_CODE = /\b(?:E[1-7]|U[1-5]|LB-[A-Z-]+)\b|§|\bspec\b|Theorem R|Condition \(\d+\)|\bissue \d+/;
/** A figure's legend has at most this many rows. */
export const MAX_LEGEND_ROWS = 8;
