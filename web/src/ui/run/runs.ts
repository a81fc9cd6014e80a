// SPDX-License-Identifier: Apache-2.0
// Runs: Run, Stop, a switch's scheduled run, recompute-as-you-edit (ui/run/live-run.ts) and a new seed.
// Each run takes a ticket (ui/run/page-state.ts); a run whose ticket is no longer the page's draws nothing.
import { CoreError } from '../../engine/core';
import type { AnyResult } from '../../experiments/generated';
import { wallSeconds } from '../../engine/estimate';
import { isSingleJob, RNG_SPEC, toCoreParams, type ExperimentMeta, type ParamValues } from '../../experiments/schema';
import { formatValue } from '../../state/values';
import { byId } from '../dom';
import { LiveRuns } from './live-run';
import { RESULT_DRAWN_EVENT } from '../embed/host-api';
import { attentionFigure } from '../model/attention';
import { showHeadFiles } from '../results/head-files';
import { metaOf } from '../../experiments';
import type { RunsContext } from '../page-context';
import {
  cancelledSchedule,
  failed,
  finished,
  isCurrent,
  isFresh,
  liveSuperseded,
  stampOf,
  scheduled,
  settled,
  started,
  stopped,
  type Shown,
} from './page-state';
import { showPrecomputedMark } from './precomputed';
import { showReproduce } from '../results/reproduce';
import { runOn, runRequest, stateAfterRun } from './run-input';
import { attachedFiles, refusedFiles } from '../uploads/uploads';
import { setSheetOpen } from '../shell/sheet';

/** Stepping through the picker with the arrow keys fires a change per step: only the last one runs. */
const SWITCH_DEBOUNCE_MS = 350;

/** Errors cross the worker boundary as plain Errors (Comlink keeps name and message, not the class). */
function isCoreError(error: unknown): error is Error {
  return error instanceof CoreError || (error instanceof Error && error.name === 'CoreError');
}

/** A fresh seed small enough to read and type (the core accepts up to 2^53 − 1). */
function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] % 1_000_000;
}

export class Runs {
  /** A run scheduled by an experiment switch, not started yet. */
  private pendingRun: ReturnType<typeof setTimeout> | undefined;
  /** The estimate that started the live run in flight (seconds), to learn this device's speed. */
  private liveEstimated: number | undefined;
  readonly live: LiveRuns;

  /**
   * `liveOn`: the "Recompute as I edit" switch (always on in embeds); `beforeRun`: a link waiting to be
   * scrolled into view stops waiting; `afterRun`: re-checks the outdated note.
   */
  constructor(
    private readonly ctx: RunsContext,
    private readonly hooks: { liveOn: () => boolean; beforeRun: () => void; afterRun: () => void },
  ) {
    this.live = new LiveRuns(
      {
        estimate: () => this.liveEstimate(),
        start: () => void this.run({ live: true }),
        stamp: () => stampOf(ctx.page),
        fresh: (stamp) => isFresh(ctx.page, stamp),
      },
      hooks.liveOn,
    );
  }

  /** Cancels a run that was scheduled but not started. */
  private clearScheduled(): void {
    clearTimeout(this.pendingRun);
    this.pendingRun = undefined;
  }

  /** Another experiment or link: a scheduled run is dropped and a run in flight computes nothing more. */
  abandon(): void {
    this.clearScheduled();
    if (this.ctx.page.computing) this.ctx.pool.stop();
  }

  /** An experiment switch: the run starts once the picker has settled. */
  schedule(): void {
    this.abandon();
    this.ctx.setPage(scheduled(this.ctx.page));
    this.pendingRun = setTimeout(() => void this.run(), SWITCH_DEBOUNCE_MS);
  }

  /** Stop (button or Esc): stops the run or the scheduled one; focus goes back to Run. */
  stop(): void {
    if (this.pendingRun !== undefined) {
      this.clearScheduled();
      this.ctx.setPage(cancelledSchedule(this.ctx.page));
      this.ctx.runButton.focus();
      return;
    }
    this.ctx.pool.stop(); // the run's own handler shows what finished
  }

  /**
   * An edit while a live run computes: that run is for values the panel no longer has, so it stops at
   * once (its workers are freed for the next one) and draws nothing; the edit schedules its own live run.
   */
  supersedeLive(): void {
    if (!this.ctx.page.computing?.live) return;
    this.ctx.setPage(liveSuperseded(this.ctx.page));
    this.ctx.pool.stop();
  }

  newSeed(): void {
    this.ctx.editValues({ ...this.ctx.state.values, seed: randomSeed() });
    void this.run();
  }

  /** The panel's run estimated here, for a live run: undefined when it cannot or should not start by itself. */
  private async liveEstimate(): Promise<number | undefined> {
    const { page } = this.ctx;
    const meta = metaOf(this.ctx.state.experimentId);
    if (
      (page.computing && !page.computing.live) ||
      page.scheduled ||
      page.phase === 'opened' ||
      page.phase === 'waiting' ||
      refusedFiles(this.ctx.uploads, meta).length
    )
      return undefined;
    if (this.ctx.draft) return undefined;
    // An uploaded file runs on Run: its cost is not in the plan.
    if (attachedFiles(this.ctx.uploads, meta).length) return undefined;
    const { values } = this.ctx.state;
    const seconds = wallSeconds(
      await this.ctx.pool.plan(meta.id, toCoreParams(values), !isSingleJob(meta.id)),
      this.ctx.pool.size,
    );
    this.liveEstimated = seconds;
    return seconds;
  }

  /** `live`: started by an edit (ui/run/live-run.ts): the figures stay unfaded until the new ones replace them. */
  async run(options: { live?: boolean } = {}): Promise<void> {
    const { ctx } = this;
    if (!options.live) this.live.cancel();
    this.clearScheduled();
    this.hooks.beforeRun();
    const meta = metaOf(ctx.state.experimentId);
    const cannot = this.cannotRun(meta);
    if (cannot) {
      ctx.status.showError(cannot);
      return;
    }
    // The values are the link's state (every valid edit is in it); the panel adds only its files and any text
    // the state could not take, which the core then names.
    const request = runRequest(ctx.state, ctx.draft, attachedFiles(ctx.uploads, meta));
    const { values, invalid, file, model } = request;
    if (invalid.length === 0) ctx.follow(stateAfterRun(ctx.state, request));
    const attention = this.resultsFor(meta, request);
    const link = location.href; // this run's link (the address follows edits made while it runs)
    let partial: { result: AnyResult; done: number; total: number } | undefined;
    const ticket = this.start(Boolean(options.live));
    const estimated = options.live ? this.liveEstimated : undefined;
    const t0 = performance.now();
    const shown = (result: AnyResult, extra: Partial<Shown> = {}): Shown => ({
      experimentId: meta.id,
      values,
      result,
      link,
      file,
      ...(model ? { model } : {}),
      ...extra,
    });
    try {
      // The core resolves the parameters with the files (what a file determines is not used; a head bundle's
      // scale; bundles that disagree are refused naming the input, whose field is then marked).
      const result = await runOn(ctx.pool, request, {
        // A label (what the current step does) is shown when the engine gives one.
        onProgress: (fraction: number, label?: string) => {
          if (isCurrent(ctx.page, ticket)) ctx.status.setProgress(fraction, label);
        },
        onPartial: (result, done, total) => {
          if (!isCurrent(ctx.page, ticket)) return;
          partial = { result, done, total };
          ctx.results.show(meta, result, values, { done, total });
        },
      });
      if (!isCurrent(ctx.page, ticket)) return;
      this.live.record(estimated, (performance.now() - t0) / 1000);
      const head = await attention; // computed beside the run, by the model's worker
      if (!isCurrent(ctx.page, ticket)) return;
      this.drawFinished(meta, request, shown(result), ticket, head);
      this.hooks.afterRun(); // values edited while it ran
    } catch (error) {
      if (!isCurrent(ctx.page, ticket)) return; // replaced by a newer run
      this.unfinished(error, ticket, meta, values, invalid, partial && { ...partial, shown: shown(partial.result) });
      this.hooks.afterRun(); // the figures still show the last finished run, not the panel
    } finally {
      ctx.setPage(settled(ctx.page, ticket));
    }
  }

  /** A finished run drawn: its figures (a model head's attention beside them), the page's state, its reproduce line. */
  private drawFinished(
    meta: ExperimentMeta,
    { values, chosen, model }: ReturnType<typeof runRequest>,
    shown: Shown,
    ticket: number,
    head: Awaited<ReturnType<RunsContext['panel']['modelAttention']>>,
  ): void {
    const { ctx } = this;
    ctx.results.extraFigures = head ? [attentionFigure(head)] : [];
    ctx.results.show(meta, shown.result, values);
    performance.mark('attnlab:run-drawn');
    document.dispatchEvent(new Event(RESULT_DRAWN_EVENT));
    ctx.setPage(finished(ctx.page, ticket, shown));
    showReproduce(
      meta,
      values,
      chosen.map((c) => ({ input: c.input, name: c.name })),
      model,
    );
    showHeadFiles(meta, values, chosen, model); // a model's head: its Q and K as .npy beside the commands
  }

  /** Why the panel cannot run now (a file still being read, or one refused); undefined when it can. */
  private cannotRun(meta: ExperimentMeta): string | undefined {
    const busy = this.ctx.panel.busy();
    if (busy) return busy;
    const refused = refusedFiles(this.ctx.uploads, meta);
    return refused.length
      ? `“${refused[0]}” could not be read: choose another file or remove it, then run.`
      : undefined;
  }

  /**
   * The page as a run starts: no error, note of an opened file or precomputed mark, the figures faded (not for a live
   * run: they stay until the new ones replace them). The run's ticket.
   */
  private start(live: boolean): number {
    const { ctx } = this;
    ctx.status.clearError();
    ctx.status.clearTransient();
    byId('open-choice').replaceChildren();
    byId('opened-from').hidden = true;
    ctx.setPage(started(ctx.page, live));
    showPrecomputedMark(false);
    if (!live) ctx.results.setStale(true);
    ctx.results.markOutdated(false);
    // bench/live-sizes.mjs times a run from here to 'attnlab:run-drawn'; only the last run's marks are kept.
    performance.clearMarks('attnlab:run-started');
    performance.clearMarks('attnlab:run-drawn');
    performance.mark('attnlab:run-started');
    return ctx.page.ticket;
  }

  /**
   * The results view told what the run analyses (the model whose heads, or the files); for one head of a model's text
   * (rank-interaction), its attention with the tokens on the axes, computed beside the analysis.
   */
  private resultsFor(
    meta: ExperimentMeta,
    { values, file, model }: ReturnType<typeof runRequest>,
  ): ReturnType<RunsContext['panel']['modelAttention']> {
    const { results, panel } = this.ctx;
    results.model = model; // the figures name the model whose heads they analyse
    results.files = model ? undefined : file;
    results.extraFigures = [];
    const headIndex = typeof values.head === 'number' ? values.head : Number(values.head);
    return model && !model.weights && meta.id === 'rank-interaction'
      ? panel.modelAttention(headIndex).catch(() => undefined)
      : Promise.resolve(undefined);
  }

  /**
   * A run that ended without its result: stopped (what finished is this run's, with its own parameters: shown as its
   * partial result, not as outdated) or failed (the error, and the field it names marked).
   */
  private unfinished(
    error: unknown,
    ticket: number,
    meta: ExperimentMeta,
    values: ParamValues,
    invalid: string[],
    partial: { result: AnyResult; done: number; total: number; shown: Shown } | undefined,
  ): void {
    const { ctx } = this;
    ctx.results.setStale(false);
    if (error instanceof CoreError && error.stopped) {
      if (partial)
        ctx.results.show(meta, partial.result, values, { done: partial.done, total: partial.total, stopped: true });
      ctx.setPage(
        stopped(
          ctx.page,
          ticket,
          partial && { shown: { ...partial.shown, partial: true }, done: partial.done, total: partial.total },
        ),
      );
      ctx.runButton.focus();
      return;
    }
    ctx.status.showError(
      isCoreError(error) ? error.message : `the computation failed: ${(error as Error)?.message ?? error}`,
    );
    ctx.setPage(failed(ctx.page, ticket));
    if (invalid.length) {
      setSheetOpen(true);
      ctx.panel.focus(invalid[0]);
    }
    // The field the core names (CoreError.key) is marked as the panel marks one it cannot read, until the next edit.
    else if (error instanceof CoreError && error.key) ctx.panel.markRefused(error.key);
  }
}

/** "β was 4, n was 512" (the shown result's values of the edited parameters), for the outdated note. */
export function describeChanges(
  meta: ExperimentMeta,
  keys: string[],
  shown: ParamValues,
  fileChanged: boolean,
): string {
  const label = (key: string) =>
    key === 'seed' ? 'seed' : key === 'rng' ? RNG_SPEC.label : (meta.params.find((p) => p.key === key)?.label ?? key);
  const parts = keys
    .slice(0, 4)
    .map((key) => `${label(key)} was ${shown[key] === undefined ? 'unset' : formatValue(shown[key])}`);
  if (keys.length > 4) parts.push(`${keys.length - 4} more`);
  if (fileChanged) parts.push('another file');
  return parts.join('; ');
}
