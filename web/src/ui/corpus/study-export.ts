// SPDX-License-Identifier: Apache-2.0
// What a study over a corpus offers to take away: its JSON (as npm run lab prints it), its per-head table and all its
// rows as CSV (study-csv.ts), and its energy90 figure exported as every figure of the page is (plots/export.ts:
// SVG, PNG at 2×, CSV, JSON), stamped with where the study came from.
import type { Params } from '../../engine/core';
import { exportFigure, makeStamp } from '../../plots';
import { download } from '../../plots/export';
import type { CorpusStudy } from '../../state/study-file';
import type { Figure } from '../../experiments/schema';
import { figureSection } from '../results/figure-section';
import { h } from '../dom';
import { headsCsv, rowsCsv } from './study-csv';

/** Where a study came from, for its exports' stamp: the page's run (its link and parameters) or a file. */
export interface StudyOrigin {
  /** The page's address for a run here; "opened from file <name>" for a file. */
  link: string;
  /** The study's parameters when known (a run here), with its seed; empty for a file. */
  values: Record<string, number | string | number[]>;
  /** Set when the study was opened from a file: its name. */
  file?: string;
  /** Set when the study was stopped: the windows that finished. */
  stopped?: boolean;
}

/** A run of the study here: the page's address, the run's parameters and the study's grid of ε. */
export function runOrigin(params: Params, eps: number[], stopped: boolean): StudyOrigin {
  const values = Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v.map(String).join(',') : v]),
  );
  return { link: location.href, values: { ...values, eps }, stopped };
}

/** A button that downloads what `make` gives when pressed (a large study's CSV is written only if asked for). */
function downloadButton(id: string, label: string, name: string, make: () => Blob): HTMLButtonElement {
  const button = h('button', { type: 'button', class: 'secondary small', id }, label);
  button.addEventListener('click', () => download(make(), name));
  return button;
}

/** The study's JSON, its per-head table and its rows, each a download. */
export function studyDownloads(study: CorpusStudy): HTMLElement {
  const json = new Blob([JSON.stringify(study)], { type: 'application/json' });
  const csv = (text: string) => new Blob([text], { type: 'text/csv' });
  return h(
    'p',
    { class: 'corpus-downloads', role: 'group', 'aria-label': 'Download the study' },
    h(
      'a',
      { id: 'corpus-json', href: URL.createObjectURL(json), download: 'attnlab-corpus-study.json' },
      'Download the study (JSON, as npm run lab prints it)',
    ),
    ' ',
    downloadButton('corpus-heads-csv', 'Each head (CSV)', 'attnlab-corpus-study-heads.csv', () => csv(headsCsv(study))),
    ' ',
    downloadButton('corpus-rows-csv', 'All rows (CSV)', 'attnlab-corpus-study-rows.csv', () => csv(rowsCsv(study))),
  );
}

/** `figure` drawn at `width` in the page's figure frame (title, caption, Table, Export), its exports stamped. */
export function studyFigureSection(figure: Figure, width: number, origin: StudyOrigin): HTMLElement {
  const from = origin.file ? `opened from file ${origin.file}` : `seed ${String(origin.values.seed)}`;
  const caption = `rank-zoo · a study over a corpus · ${from}`;
  const drawn = figureSection(
    figure,
    caption,
    (shown, element, format) => {
      const stamp = makeStamp({ experiment: 'rank-zoo', figure: shown.id, values: origin.values, link: origin.link });
      exportFigure({ format, element, title: shown.title, table: shown.table, stamp }).catch((error: Error) => {
        drawn.section.append(h('p', { class: 'figure-error', role: 'alert' }, `The export failed: ${error.message}`));
      });
    },
    new Set(),
  );
  drawn.body.append(figure.render({ width }));
  return drawn.section;
}
