// SPDX-License-Identifier: Apache-2.0
// The head atlas of a study over a corpus: layers × heads, each cell a head's mean over its rows (windows ×
// temperatures × ε) of energy90 (by default), antisymmetry, r_eff,vis or k_svd, drawn by rank-zoo's atlas
// (experiments/rank/rank-zoo/atlas.ts). Its cells open nothing: a study's heads need not be a run of this page.
import { atlasChart, atlasTable, type AtlasCell } from '../../experiments/rank/rank-zoo/atlas';
import {
  antisymmetryQuantity,
  energyQuantity,
  type AtlasQuantity,
} from '../../experiments/rank/rank-zoo/atlas-quantities';
import type { Figure } from '../../experiments/schema';
import type { CorpusStudy } from '../../state/study-file';

/** Each head as a cell, its row the means of its spreads (an antisymmetry no row had: absent). */
function studyCells(study: CorpusStudy): AtlasCell[] {
  const perLayer = Math.max(...study.heads.map((x) => x.head)) + 1;
  return study.heads.map((x) => ({
    layer: x.layer,
    head: x.head,
    index: x.layer * perLayer + x.head,
    row: {
      energy90: x.energy90.mean,
      antisymmetry: x.antisymmetry?.mean,
      rEffVis: x.rEffVis.mean,
      kSvd: x.kSvd.mean,
    },
  }));
}

/** The choice of quantities: antisymmetry only when some head has it. */
function studyQuantities(study: CorpusStudy): AtlasQuantity[] {
  const { low, high, of } = study.bands.energy90;
  return [
    energyQuantity([{ low, high, of }], 'energy90', 'mean energy90'),
    ...(study.heads.some((x) => x.antisymmetry) ? [antisymmetryQuantity('antisymmetry', 'mean antisymmetry')] : []),
    { key: 'rEffVis', label: 'mean effective dimension r_eff,vis', legend: 'mean r_eff,vis (dimensions)' },
    { key: 'kSvd', label: 'mean ε-rank certificate k_svd', legend: 'mean k_svd (singular values)' },
  ];
}

/** The atlas as a figure of the page (Table, SVG, PNG, CSV, JSON), one row per head. */
export function studyAtlasFigure(study: CorpusStudy): Figure {
  const cells = studyCells(study);
  const quantities = studyQuantities(study);
  return {
    id: 'corpus-atlas',
    title: 'Head atlas of the study: layers × heads',
    description: 'Each cell is one head, coloured by its mean over the study’s rows of the quantity chosen.',
    render: ({ width }) => atlasChart(cells, width, { quantities, opens: false, chooserId: 'corpus-atlas-quantity' }),
    table: () => atlasTable(cells, quantities, '_mean'),
  };
}
