// SPDX-License-Identifier: Apache-2.0
// A study over a corpus as the page plans it, without the DOM (corpus-panel.ts draws it): the reader's fields read
// with the headless runner's rules and words (engine/corpus-study.ts: corpusWords), paper 3's calibration grid as a
// preset, whether the estimate lets the study start by itself, the summary of its grid and time, and the progress line.
import { ASK_BEFORE_SECONDS, formatDuration } from '../../engine/estimate';
import { corpusWords, type CorpusWords } from '../../engine/corpus-study';

/** The study's own fields, as typed. */
export interface CorpusFields {
  lengths: string;
  windows: string;
  eps: string;
}

/** The largest corpus the page takes (characters): its tokens are held at once, as headless holds 64 MB. */
export const MAX_CORPUS_CHARS = 16 * 1024 * 1024;

/**
 * Paper 3's calibration grid (docs/theory/rank.md#model-study). n ∈ {64, 128, 256}, five temperatures, three error
 * levels and 84 heads (the first 7 layers of 12-head BERT-base) are the grid as a summary of the paper gives it, beside
 * its Spearman 0.574 (the paper's own text was not reachable; specs/paper3-attention-rank.md §10 says which heads,
 * text and temperatures it used is unknown). The values: ε ∈ {0.05, 0.1, 0.2}, the error levels of the spec's
 * experiments (§6, E1 and E4); the five temperature multipliers extend the zoo's {0.5, 1, 2} (§6, E7) by steps of
 * √2, as the README's study example does. One window per length: one calibration text per n.
 */
export const PAPER_GRID = {
  fields: { lengths: '64,128,256', windows: '1', eps: '0.05,0.1,0.2' } satisfies CorpusFields,
  betaMults: '0.5,0.71,1,1.41,2',
  /** Layers 0..6: 84 heads of a 12-head model. */
  layers: 7,
};

/** The fields read as headless reads n=, windows= and eps= (its refusals name the field and its range). */
export function corpusOfFields(name: string, fields: CorpusFields): CorpusWords {
  const given: Record<string, string> = { corpus: name, n: fields.lengths, windows: fields.windows };
  if (fields.eps.trim() !== '') given.eps = fields.eps;
  const clean = (text: string | undefined) => text?.replace(/\s+/g, '');
  const words = corpusWords((key) => clean(given[key]));
  if (!words) throw new Error('corpus: no corpus given');
  return words;
}

/** The last layer a study reads under paper 3's grid: its first 7 layers, or every layer of a smaller model. */
export const paperLastLayer = (layers: number): number => Math.min(PAPER_GRID.layers, layers) - 1;

/** Whether the study starts at once (false: an estimate over ASK_BEFORE_SECONDS waits for Run, as a long link does). */
export const startsAtOnce = (seconds: number | undefined): boolean =>
  seconds !== undefined && seconds <= ASK_BEFORE_SECONDS;

/**
 * What the study will compute, before it starts, and how long its analysis takes on `workers` study workers:
 * "12 windows × 84 heads × 5 temperatures × 3 ε: the analysis takes about 2 min, two windows at a time (…)".
 */
export function studySummary(
  run: { windows: number; heads: number; temperatures: number; eps: number; workers: number },
  seconds: number | undefined,
): string {
  const plural = (k: number, word: string) => `${k} ${word}${k === 1 ? '' : 's'}`;
  const grid =
    `${plural(run.windows, 'window')} × ${plural(run.heads, 'head')} × ${plural(run.temperatures, 'temperature')} × ` +
    `${run.eps || 1} ε`;
  const pace = run.workers === 1 ? 'one window at a time' : `${spelled(run.workers)} windows at a time`;
  return seconds === undefined
    ? `${grid}; its time cannot be estimated here.`
    : `${grid}: the analysis takes about ${formatDuration(seconds)}, ${pace} (estimated for a 2-core reference ` +
        'machine; yours may differ; reading the model’s layers for each window comes on top).';
}

/** A small count as a word ("two"), a larger one as digits. */
const spelled = (k: number): string => ['zero', 'one', 'two', 'three', 'four'][k] ?? String(k);

/**
 * "window 3 of 12 (n = 128)": `finished` windows done (a count that only grows, whichever worker finished them), n the
 * length of the furthest window under way (read or analysed; windows are taken in order).
 */
export const windowProgress = (finished: number, total: number, n: number): string =>
  `window ${Math.min(finished + 1, total)} of ${total} (n = ${n})`;

/** A corpus's fingerprint: sha256 of its UTF-8 bytes, 16 hexadecimal digits (as a model's, engine/model-pass.ts). */
export async function corpusFingerprint(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return [...digest.slice(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
