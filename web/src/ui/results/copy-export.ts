// SPDX-License-Identifier: Apache-2.0
// The page's two ways out: copying its link (with a note when the link cannot carry the run's files) and exporting
// one figure stamped with the run it came from.
import { exportFigure, makeStamp } from '../../plots';
import { copyText } from '../clipboard';
import { exportFileName } from './export-name';
import { metaOf } from '../../experiments';
import type { PageContext } from '../page-context';
import type { ExportableFigure } from './figure-section';
import { attachedFiles } from '../uploads/uploads';

export async function copyWithNote(app: PageContext, text: string, done: string): Promise<void> {
  const ok = await copyText(text);
  const note = attachedFiles(app.uploads, metaOf(app.state.experimentId)).length
    ? ' The link does not include your uploaded file: whoever opens it needs the same file.'
    : '';
  if (ok) app.status.showNotices([done + note], true);
  else app.status.showCopyText(`Could not copy automatically; copy this by hand:${note}`, text);
}

/** Exports one figure, stamped with the run it came from; its JSON holds that figure's data only. */
export function exportShownFigure(
  app: PageContext,
  figure: ExportableFigure,
  element: Element,
  format: 'svg' | 'png' | 'csv' | 'json',
): void {
  const run = app.page.shown;
  if (!run) {
    app.status.showNotices(['Nothing to export yet: wait for the run to finish.']);
    return;
  }
  const stamp = makeStamp({
    experiment: run.experimentId,
    figure: figure.id,
    values: run.values as Record<string, number | string | number[]>,
    link: run.link,
    precomputed: run.precomputed,
  });
  const fileName = exportFileName(metaOf(run.experimentId), run.values, figure.id, format, run.model);
  exportFigure({
    format,
    element,
    title: figure.title,
    table: figure.table,
    data: figure.data,
    stamp,
    fileName,
  }).catch((error: Error) => app.status.showError(`export failed: ${error.message}`));
}
