// SPDX-License-Identifier: Apache-2.0
// A study over a corpus drawn (what the headless JSON carries, lab/model_study.hpp): the association of each row's
// effective dimension with its truncated-SVD certificate beside the 0.574 a summary of paper 3 reports, each head's
// energy90 against Lee's band (measured on decoder models), a head atlas of the study (study-atlas.ts), each head's
// spread over the windows as a table, and its downloads (study-export.ts). A run of the page's or a file's.
import type { Figure } from '../../experiments/schema';
import { bandDots } from '../../plots/band-dots';
import type { CorpusStudy, Spread } from '../../state/study-file';
import { h } from '../dom';
import { studyAtlasFigure } from './study-atlas';
import { studyDownloads, studyFigureSection, type StudyOrigin } from './study-export';

const fixed = (x: number | null | undefined, digits = 2) => (x === null || x === undefined ? '—' : x.toFixed(digits));
const spread = (s: Spread) => `${fixed(s.mean, 1)} ± ${fixed(s.sd, 1)} (${fixed(s.min, 0)}–${fixed(s.max, 0)})`;

/** The Spearman line: ρ with its 95 % interval over heads, beside the reported value and where it comes from. */
export function associationText(a: CorpusStudy['association']): string {
  const rho =
    a.spearman === null
      ? 'Spearman’s ρ is undefined here (one of the two does not vary over the rows)'
      : `Spearman’s ρ = ${fixed(a.spearman, 3)}`;
  const interval = a.interval
    ? `, 95 % bootstrap interval ${fixed(a.interval[0], 3)} to ${fixed(a.interval[1], 3)} (${a.bootstraps} ` +
      `resamples of the heads)`
    : ' (too few heads for a bootstrap interval)';
  const where = /not reachable/.test(a.reference.source)
    ? ''
    : '; that number comes from a summary of the paper, whose own text was not reachable';
  return (
    `Effective dimension r_eff,vis against the truncated-SVD certificate k_svd over ${a.rows} rows of ` +
    `${a.heads} heads: ${rho}${interval}. Paper 3 reports ${a.reference.spearman} (${a.reference.source})${where}.`
  );
}

/** The energy90 line: how many heads' mean lies in Lee's band, with its source and its caveat. */
export function energyText(study: CorpusStudy): string {
  const band = study.bands.energy90;
  const inside = study.heads.filter((x) => x.energy90.mean >= band.low && x.energy90.mean <= band.high).length;
  return (
    `energy90, the number of singular values of the ${band.of} holding 90 % of Σσ²: ${inside} of ` +
    `${study.heads.length} heads have a mean inside ${band.low}–${band.high}, the band of ${band.source}. That ` +
    `band was measured on decoder models; this model may not be one.`
  );
}

/** The windows run, in words: "4 windows (n = 8: 2, n = 12: 2)". */
function windowsText(study: CorpusStudy): string {
  const byN = new Map<number, number>();
  for (const w of study.windows) byN.set(w.n, (byN.get(w.n) ?? 0) + 1);
  const parts = [...byN].map(([n, k]) => `n = ${n}: ${k}`).join(', ');
  return `${study.windows.length} window${study.windows.length === 1 ? '' : 's'} (${parts})`;
}

/** Each head's spread over its rows (windows × temperatures × ε): energy90, r_eff,vis and k_svd. */
function headTable(study: CorpusStudy): HTMLTableElement {
  const band = study.bands.energy90;
  const rows = study.heads.map((x) =>
    h(
      'tr',
      { 'data-head': `L${x.layer}H${x.head}` },
      h('th', { scope: 'row' }, `L${x.layer}H${x.head}`),
      h('td', { class: 'num' }, String(x.rows)),
      h(
        'td',
        { class: 'num', 'data-in-band': String(x.energy90.mean >= band.low && x.energy90.mean <= band.high) },
        spread(x.energy90),
      ),
      h('td', { class: 'num' }, spread(x.rEffVis)),
      h('td', { class: 'num' }, spread(x.kSvd)),
    ),
  );
  const head = h(
    'tr',
    {},
    ...['Head (layer, head)', 'Rows', `energy90 (Lee: ${band.low}–${band.high})`, 'r_eff,vis', 'k_svd'].map((t) =>
      h('th', { scope: 'col' }, t),
    ),
  );
  return h(
    'table',
    { class: 'data-table', id: 'corpus-heads' },
    h('caption', {}, 'Each head over its rows: mean ± sd (min–max), in singular values'),
    h('thead', {}, head),
    h('tbody', {}, ...rows),
  );
}

/** Each head's energy90 (mean, and its range over the rows) over Lee's band, as a figure of the page. */
function energyFigure(study: CorpusStudy): Figure {
  const band = study.bands.energy90;
  const rows = study.heads.map((x) => ({ label: `L${x.layer}H${x.head}`, ...x.energy90 }));
  return {
    id: 'corpus-energy90',
    title: 'Each head’s energy90 over the windows, against Lee’s band',
    description: `A dot is a head’s mean over its rows, its line the range from the smallest to the largest.`,
    render: ({ width }) =>
      bandDots(rows, {
        width,
        xLabel: 'Head (layer, head)',
        yLabel: 'energy90 (singular values)',
        band: { ...band, label: `Lee’s band ${band.low}–${band.high} (decoder models)` },
        ariaLabel: `Each head's energy90 over the windows, against Lee's band ${band.low}–${band.high}`,
      }),
    table: () => ({
      columns: ['layer', 'head', 'energy90_mean', 'energy90_sd', 'energy90_min', 'energy90_max'],
      rows: study.heads.map((x) => [x.layer, x.head, x.energy90.mean, x.energy90.sd, x.energy90.min, x.energy90.max]),
    }),
  };
}

/** The study drawn, said where it came from (a run here, stopped or not, or a file), with its downloads. */
export function corpusResults(study: CorpusStudy, origin: StudyOrigin): HTMLElement {
  const from = `${origin.stopped ? ' (stopped)' : ''}${origin.file ? `, opened from file ${origin.file}` : ''}`;
  const width = Math.max(320, Math.min(900, 40 + 14 * study.heads.length));
  return h(
    'section',
    { class: 'corpus-results', id: 'corpus-results', 'aria-labelledby': 'corpus-results-title' },
    h('h2', { id: 'corpus-results-title' }, `The study over the corpus${from}`),
    h(
      'p',
      { class: 'help', id: 'corpus-summary' },
      `${origin.stopped ? 'Stopped: the windows that finished, ' : ''}${windowsText(study)}, ` +
        `${study.rows.length} rows.`,
    ),
    h('p', { id: 'corpus-association' }, associationText(study.association)),
    h('p', { id: 'corpus-energy' }, energyText(study)),
    h(
      'div',
      { class: 'corpus-energy', id: 'corpus-energy-figure' },
      studyFigureSection(energyFigure(study), width, origin),
    ),
    h('div', { class: 'corpus-atlas', id: 'corpus-atlas' }, studyFigureSection(studyAtlasFigure(study), 640, origin)),
    h('div', { class: 'figure-table' }, headTable(study)),
    studyDownloads(study),
  );
}
