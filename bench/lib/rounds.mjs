// SPDX-License-Identifier: Apache-2.0
// The side-by-side timing loop the benches share: interleaved repetitions (round r runs every row that
// still wants an r-th), the best time of each row, ratios against a peer, and the JSON record under
// build/bench/. A row is { label, reps, skip, seconds: [], run: async () => ({ seconds, ... }) }.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Fills in each row's defaults: `reps` repetitions, not skipped, no times yet. */
export const withDefaults = (rows, reps) => rows.map((row) => ({ reps, skip: false, seconds: [], ...row }));

/**
 * Runs the rows in interleaved rounds (so a machine that slows down part-way slows every row alike).
 * `onResult(row, out)` keeps what a row reports besides its time; a failing row is marked and not rerun.
 * `name(row)` is what the progress line says.
 */
export async function runRounds(rows, reps, { onResult = () => undefined, name = (row) => row.label } = {}) {
  for (let round = 0; round < reps; round++) {
    for (const row of rows.filter((r) => !r.skip && !r.error && round < r.reps)) {
      process.stderr.write(`[round ${round + 1}/${reps}] ${name(row)} ... `);
      try {
        const out = await row.run();
        row.seconds.push(out.seconds);
        row.note ??= out.note;
        onResult(row, out);
        process.stderr.write(`${out.seconds.toFixed(2)} s\n`);
      } catch (error) {
        row.error = error.message.split('\n')[0];
        process.stderr.write(`FAILED: ${row.error}\n`);
      }
    }
  }
}

/** A row's best (smallest) time, or undefined when it has none. */
export const best = (row) => (row?.seconds.length ? Math.min(...row.seconds) : undefined);

/** peer's best / row's best: how many times faster the row is (undefined unless both ran). */
export const speedup = (peer, row) => (best(peer) && best(row) ? best(peer) / best(row) : undefined);

export const fmt = (x, digits = 2) => (x === undefined ? '-' : x.toFixed(digits));

/** The reps column: how many times it ran, or why not. */
export const repsCell = (row) => (row.skip ? 'skipped' : row.error ? 'failed' : row.seconds.length);

/** Prints the rows that failed or carry a note, one line each. */
export function printNotes(rows) {
  for (const r of rows.filter((row) => row.note || row.error))
    console.log(`  ${r.label}: ${r.error ? `FAILED: ${r.error}` : r.note}`);
}

/** Writes build/bench/<name>.json under `root` and says so. */
export function writeRecord(root, name, record) {
  const out = join(root, `build/bench/${name}.json`);
  mkdirSync(join(root, 'build/bench'), { recursive: true });
  writeFileSync(out, `${JSON.stringify(record, null, 2)}\n`);
  console.log(`wrote ${out}`);
}
