// SPDX-License-Identifier: Apache-2.0
// Opening a link (or a result file): the panel restored from the address, the shipped result of a preset
// drawn without computing, a long run asked about before it starts, an embed computing once it is
// scrolled into view, and the values the core still refuses after the link codec repaired them.
import type { AnyResult } from '../../experiments/generated';
import { CoreError } from '../../engine/core';
import { ASK_BEFORE_SECONDS, formatDuration, wallSeconds, weightsOnlySeconds } from '../../engine/estimate';
import { EXPERIMENTS, metaOf } from '../../experiments';
import { defaults, isSingleJob, toCoreParams, uploadsOf, type ExperimentMeta } from '../../experiments/schema';
import { readsSameHeads } from '../../state/model-link';
import type { OpenedResult } from '../../state/result-file';
import { parseLink, showable } from '../../state/url';
import { formatValue } from '../../state/values';
import { byId } from '../dom';
import { whenVisible } from '../embed/embed';
import type { LinkContext } from '../page-context';
import { FILE_SEPARATOR } from '../uploads/uploads';
import { isCurrent, nextTicket, openedShown, precomputedShown, preparing, waiting } from './page-state';
import { precomputedResult, showPrecomputedMark } from './precomputed';
import { hideReproduce, showReproduce } from '../results/reproduce';
import { HEADS_WAIT } from '../shell/status';
import { RESULT_DRAWN_EVENT } from '../embed/host-api';
import type { Runs } from './runs';
import { attachedFiles } from '../uploads/uploads';

export class LinkLoader {
  /** Embed mode computes nothing until the view is scrolled into the viewport (then this turns true). */
  private seen = false;
  /** The link waits for its heads: its notice asking for them goes once they are given (headsGiven). */
  private awaitingHeads = false;
  private cancelWait: (() => void) | undefined;

  constructor(
    private readonly ctx: LinkContext,
    private readonly runs: Runs,
    private readonly writeUrl: () => void,
  ) {}

  /** Run was pressed (or an edit ran): a link waiting to be scrolled into view stops waiting. */
  ranByReader(): void {
    this.stopWaiting();
    this.seen = true;
  }

  /** The heads a link waited for are given (a model read, files chosen): the notice asking for them goes. */
  headsGiven(): void {
    if (!this.awaitingHeads || this.ctx.panel.busy()) return;
    this.awaitingHeads = false;
    if (this.ctx.page.phase === 'waiting') this.ctx.status.showNotices([]);
  }

  /**
   * rank-zoo on a model's weights only, its heads read and not yet analysed: estimated here before any run
   * (engine/estimate.ts); a long one is said, and the page waits for Run as for a long link.
   */
  weightsEstimated(): void {
    const { ctx } = this;
    const meta = metaOf(ctx.state.experimentId);
    const q = attachedFiles(ctx.uploads, meta).find((f) => f.input === 'q');
    if (meta.id !== 'rank-zoo' || !q?.model?.weights || ctx.page.computing || ctx.panel.busy()) return;
    if (ctx.page.shown?.model && readsSameHeads(ctx.page.shown.model, q.model)) return; // analysed already
    const [layers, perLayer, hidden, headDim] = q.array.shape;
    const betaMults = ctx.state.values.betaMults;
    const run = {
      heads: layers * perLayer,
      hidden,
      headDim,
      temperatures: Array.isArray(betaMults) ? betaMults.length : 1,
    };
    const seconds = weightsOnlySeconds(run, ctx.pool.size);
    if (seconds === undefined || seconds <= ASK_BEFORE_SECONDS) return;
    ctx.status.showNotices([
      `Weights only: rank-zoo on these ${run.heads} heads is estimated at about ${formatDuration(seconds)} in this ` +
        `browser (estimated for a 2-core reference machine; yours may differ). Press Run to start it.`,
    ]);
    ctx.setPage(waiting(ctx.page, ctx.page.ticket, ` (estimated ${formatDuration(seconds)})`));
  }

  private stopWaiting(): void {
    this.cancelWait?.();
    this.cancelWait = undefined;
  }

  /**
   * Restores the page from the URL and runs it (cheap for defaults; the link's numbers otherwise),
   * unless the run is estimated to be long: then it says how long and waits for Run. A preset's link
   * draws the result shipped with the site instead, computing nothing (embedded too).
   */
  async load(): Promise<void> {
    const { ctx } = this;
    const { state, notices } = parseLink(location.hash, EXPERIMENTS);
    this.awaitingHeads = false;
    const meta = metaOf(state.experimentId);
    const shipped = precomputedResult(state, meta, EXPERIMENTS); // under way while the panel is built
    // A link that computes: its workers start loading the core now, while the panel is built (not in an embed, which
    // computes once it is scrolled into view; a preset's page prepares them once its shipped figures are up).
    if (!shipped && !state.embed) ctx.pool.prepare(meta.id, !isSingleJob(meta.id));
    ctx.setState(state, true, shipped);
    const uploads = uploadsOf(metaOf(state.experimentId));
    // Files never travel in links, only their names: say which files reproduce the sender's numbers.
    if (uploads.length && state.file) {
      const several = state.file.includes(FILE_SEPARATOR);
      notices.push(
        `Made with the file${several ? 's' : ''} ` +
          `"${state.file.split(FILE_SEPARATOR).map(showable).join('" and "')}" (links never ` +
          `carry files): choose ${several ? 'them' : 'it'} under ` +
          `"${uploads.map((u) => u.label).join('" / "')}" and run to reproduce those numbers.`,
      );
    }
    const modelReady = ctx.panel.expectModel(state.model); // the model open on the page has read these heads
    // The heads come from a model or files (a link's heads= or file=) and none are given yet: nothing runs either.
    const source = ctx.panel.source();
    const headsWait = !state.model && source && source !== 'zoo' ? ctx.panel.busy() : undefined;
    if ((state.model && !modelReady) || headsWait) {
      // a model's heads: nothing runs until the reader opens the folder (links never carry models)
      if (state.model)
        notices.push(
          `Made with the model “${showable(state.model.name)}” (links never carry models): ` +
            `open its folder under “Your model”; once its heads are read, press Run.`,
        );
      else if (!state.file) notices.push(headsWait!); // a file= link's notice above says which files
      ctx.status.showNotices(notices);
      this.writeUrl();
      this.runs.abandon();
      this.stopWaiting();
      const next = nextTicket(ctx.page);
      ctx.setPage(waiting(next, next.ticket, HEADS_WAIT));
      this.awaitingHeads = true;
      return;
    }
    ctx.status.showNotices(notices);
    this.writeUrl();
    showPrecomputedMark(false);
    if (shipped) {
      ctx.setPage(preparing(ctx.page));
      ctx.results.setStale(true);
    } // at once, as for a run: the figures on screen are no longer this link's
    else ctx.setPage(nextTicket(ctx.page));
    const ticket = ctx.page.ticket;
    const result = await shipped;
    if (shipped) performance.mark('attnlab:precomputed-fetched');
    if (!isCurrent(ctx.page, ticket)) return; // another link or a run meanwhile
    if (result === undefined) this.runOnceSeen(notices);
    else this.showPrecomputed(meta, result);
  }

  /** A preset's result computed at build time: drawn as a finished run's, marked, with nothing started. */
  private showPrecomputed(meta: ExperimentMeta, result: AnyResult): void {
    this.runs.abandon(); // a run of the previous link computes nothing more
    this.stopWaiting();
    const values = this.ctx.state.values;
    this.ctx.results.model = this.ctx.results.files = undefined;
    this.ctx.results.extraFigures = [];
    this.ctx.results.show(meta, result, values);
    performance.mark('attnlab:precomputed-drawn');
    document.dispatchEvent(new Event(RESULT_DRAWN_EVENT));
    showPrecomputedMark(true);
    showReproduce(meta, values, []);
    this.ctx.setPage(
      precomputedShown(this.ctx.page, {
        experimentId: meta.id,
        values,
        result,
        link: location.href,
        precomputed: true,
      }),
    );
  }

  /**
   * Runs now, or in embed mode once the view is first scrolled into view (a page of ten embeds computes one at a time
   * as it is read).
   */
  private runOnceSeen(notices: string[]): void {
    this.stopWaiting();
    if (!this.ctx.state.embed || this.seen) {
      void this.runUnlessLong(notices);
      return;
    }
    this.ctx.setPage(waiting(this.ctx.page, this.ctx.page.ticket));
    this.cancelWait = whenVisible(document.body, () => {
      this.seen = true;
      void this.runUnlessLong(notices);
    });
  }

  /** Runs the link, unless its run is estimated to be long: then it says how long and waits for Run. */
  private async runUnlessLong(notices: string[]): Promise<void> {
    const { ctx } = this;
    ctx.setPage(preparing(ctx.page)); // at once, as before: the figures on screen are no longer this link's
    const ticket = ctx.page.ticket; // a newer load or run supersedes this one while it plans
    const seconds = await this.vetLink(notices);
    if (!isCurrent(ctx.page, ticket)) return;
    if (seconds === undefined) {
      void this.runs.run();
      return;
    }
    ctx.results.markOutdated(false);
    notices.push(
      `This link starts a run estimated at about ${formatDuration(seconds)} in this browser ` +
        `(estimated for a 2-core reference machine; yours may differ). Press Run to start it.`,
    );
    ctx.status.showNotices(notices, true);
    ctx.setPage(waiting(ctx.page, ticket, ` (estimated ${formatDuration(seconds)})`));
    ctx.runButton.focus();
  }

  /**
   * Checks a link's values with the core's plan before running them. A value the link codec repaired
   * (it names the key in a notice) that the core still refuses — a clamped list that now repeats a value —
   * is reset to its default with a notice. Returns the estimated wall time when it is long enough to ask.
   */
  private async vetLink(notices: string[]): Promise<number | undefined> {
    const { ctx } = this;
    const meta = metaOf(ctx.state.experimentId);
    const repaired = new Set(notices.map((n) => /^([A-Za-z]\w*):/.exec(n)?.[1]).filter((k): k is string => !!k));
    for (let attempt = 0; attempt <= repaired.size; attempt++) {
      if (ctx.draft) return undefined; // run() names the field
      const { values } = ctx.state;
      try {
        const seconds = wallSeconds(
          await ctx.pool.plan(meta.id, toCoreParams(values), !isSingleJob(meta.id)),
          ctx.pool.size,
        );
        return seconds !== undefined && seconds > ASK_BEFORE_SECONDS ? seconds : undefined;
      } catch (error) {
        const key = error instanceof CoreError ? error.key : undefined; // the core names the parameter it refuses
        if (!key || !repaired.delete(key) || !(key in values)) return undefined; // run() shows the error
        const fallback = defaults(meta)[key];
        notices.push(
          `${key}: the repaired value is still refused (${(error as Error).message}); ` +
            `reset to the default ${formatValue(fallback)}`,
        );
        ctx.status.showNotices(notices);
        ctx.editValues({ ...values, [key]: fallback });
      }
    }
    return undefined;
  }

  /**
   * Draws a result read from a file (Open result…) in place of a run: the panel shows its experiment and
   * parameters, the figures say which file they come from, and the URL stays as it was (files never
   * reach links). Run computes the panel's parameters live as usual.
   */
  showOpened(opened: OpenedResult, name: string): void {
    const { ctx } = this;
    this.runs.abandon(); // a run in progress reports nothing more
    this.stopWaiting();
    const meta = metaOf(opened.experimentId);
    const { file: _file, ...rest } = ctx.state;
    ctx.setState({ ...rest, experimentId: meta.id, values: opened.values }, meta.id !== ctx.state.experimentId);
    ctx.status.clearError();
    showPrecomputedMark(false);
    ctx.results.show(meta, opened.result, opened.values, undefined, name);
    if (opened.knownParams) showReproduce(meta, opened.values, []);
    else hideReproduce();
    const note = byId('opened-from');
    note.textContent =
      `Opened from file ${name}: ${opened.notes.join('; ')}. Nothing ` +
      `was computed here; Run computes the panel's parameters live.`;
    note.hidden = false;
    ctx.status.showNotices([]);
    ctx.setPage(
      openedShown(ctx.page, {
        experimentId: meta.id,
        values: opened.values,
        result: opened.result,
        link: `opened from file ${name}`,
        opened: name,
        paramsUnknown: !opened.knownParams,
      }),
    );
  }
}
