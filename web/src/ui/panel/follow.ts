// SPDX-License-Identifier: Apache-2.0
// What the figures do while the panel is edited, before any run: the outdated note ("β was 4") when the
// page's state no longer holds the shown result's values, and live theory (paper 2) drawn over the last
// simulation. Reads the run state (ui/run/page-state.ts), never the DOM.
import type { AnyResult } from '../../experiments/generated';
import { hasTheory, toCoreParams, uploadsOf, type ParamValues } from '../../experiments/schema';
import { LiveTheory, type TheoryRequest } from '../run/live-theory';
import { metaOf } from '../../experiments';
import type { FollowContext } from '../page-context';
import { fileNames } from '../uploads/uploads';
import { isFresh, stampOf, theoryShown } from '../run/page-state';
import { showPrecomputedMark } from '../run/precomputed';
import { describeChanges } from '../run/runs';
import { shownHeadsStale, staleHeadsNote } from '../model/heads-stale';
import { changedKeys } from './stale';
import { attachedFiles, refusedFiles } from '../uploads/uploads';

export class PanelFollow {
  private theory = new LiveTheory((request, theory) => this.drawTheory(request, theory));

  constructor(private readonly ctx: FollowContext) {}

  /** Marks the figures outdated when the state (or its files) no longer gives what they were computed with. */
  refreshOutdated(): void {
    const { ctx } = this;
    const refused = refusedFiles(ctx.uploads, metaOf(ctx.state.experimentId));
    ctx.runButton.disabled = refused.length > 0; // a refused file is never silently replaced by synthetic data
    if (refused.length) {
      const names = `“${refused.join('” and “')}”`;
      ctx.results.markOutdated(
        true,
        '',
        `These figures are not from ${names}: the file could not be read ` +
          `(its field says why). Choose another file or remove it to run again.`,
      );
      return;
    }
    const run = ctx.page.shown;
    if (!run || run.experimentId !== ctx.state.experimentId || ctx.page.phase === 'running') {
      ctx.results.markOutdated(false);
      return;
    }
    const meta = metaOf(run.experimentId);
    const fileChanged = uploadsOf(meta).length > 0 && fileNames(attachedFiles(ctx.uploads, meta)) !== run.file;
    const current = { ...ctx.state.values, ...ctx.draft?.values };
    const changed = changedKeys(meta, current, ctx.draft?.invalid ?? [], run.values);
    const nowModel = attachedFiles(ctx.uploads, meta).some((c) => c.model);
    const described = describeChanges(meta, changed, run.values, fileChanged && !run.model && !nowModel);
    // A model run: the note says why its heads are not the panel's (another folder, the text, Last layer…).
    const heads = run.model ? shownHeadsStale(run.model, ctx.state.model, ctx.uploads.source) : '';
    if (heads) {
      const mustRead = Boolean(ctx.state.model && ctx.panel.busy()); // other heads must be read before a run
      ctx.results.markOutdated(true, described, staleHeadsNote(heads, described, mustRead), !mustRead);
      return;
    }
    // Another model's heads attached: the shown run's heads were the synthetic ones or files, said as such.
    const other =
      !run.model && fileChanged && nowModel
        ? [run.file ? `heads were from ${run.file}` : 'heads were the synthetic ones']
        : [];
    if (run.model && fileChanged) other.push(`heads were ${run.model.name}’s`);
    const changes = [...other, ...(described ? [described] : [])].join('; ');
    ctx.results.markOutdated(fileChanged || changed.length > 0 || other.length > 0, changes);
  }

  /** Asks the core for the theory at the panel's values, to draw over the last simulation (no run). */
  requestTheory(): void {
    const { ctx } = this;
    const run = ctx.page.shown;
    const meta = metaOf(ctx.state.experimentId);
    if (
      !run ||
      run.experimentId !== meta.id ||
      !hasTheory(meta.id) ||
      run.file ||
      run.opened ||
      ctx.page.phase === 'running'
    )
      return;
    if (ctx.draft) return;
    const { values } = ctx.state;
    this.theory.request({ id: meta.id, params: toCoreParams(values), stamp: stampOf(ctx.page), values });
  }

  /**
   * The new theory keys over the shown result; the simulation stays marked as the previous run's.
   * When the theory is the whole result (a theory-only experiment), it simply becomes the result.
   */
  private drawTheory(request: TheoryRequest, theory: Partial<AnyResult>): void {
    const { ctx } = this;
    const run = ctx.page.shown;
    // Stale after any edit or newer work since it was asked (the page's stamp, ui/run/page-state.ts).
    if (!isFresh(ctx.page, request.stamp) || !run || run.experimentId !== request.id || ctx.page.phase === 'running')
      return;
    const meta = metaOf(run.experimentId);
    const values = request.values as ParamValues;
    const merged = withTheory(run.result, theory);
    if (Object.keys(run.result).every((key) => key in theory)) {
      ctx.follow({ ...ctx.state, values });
      ctx.setPage(theoryShown(ctx.page, { ...run, values, result: merged, link: location.href, precomputed: false }));
      showPrecomputedMark(false);
      ctx.results.show(meta, merged, values);
    } else {
      ctx.results.showTheory(meta, merged, run.values, run.result);
    }
    this.refreshOutdated();
  }
}

/** The result with the theory's keys (some of the result's own) replaced by the new theory's. */
function withTheory<R extends object>(result: R, theory: Partial<R>): R {
  return { ...result, ...theory };
}
