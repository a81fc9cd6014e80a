// SPDX-License-Identifier: Apache-2.0
// A head atlas cell (rank-zoo on a model's heads) opens that head in rank-interaction, on the same model and text.
import { EXPERIMENTS, metaOf } from '../../experiments';
import { defaults } from '../../experiments/schema';
import { OPEN_HEAD_EVENT } from '../../experiments/rank/rank-zoo/atlas';
import { formatLink } from '../../state/url';
import type { PageContext } from '../page-context';

/** Listens for the atlas's open-head event for as long as the page lives. */
export function wireOpenHead(app: Pick<PageContext, 'state'>): void {
  document.addEventListener(OPEN_HEAD_EVENT, (event) => {
    const { head } = (event as CustomEvent<{ head: number }>).detail;
    const meta = metaOf('rank-interaction');
    const { model, file } = app.state;
    const values = { ...defaults(meta), seed: app.state.values.seed, head, ...(model ? { scale: 1 } : {}) };
    location.hash = formatLink(
      { experimentId: meta.id, values, embed: false, hide: [], ...(model ? { model } : file ? { file } : {}) },
      EXPERIMENTS,
    );
  });
}
