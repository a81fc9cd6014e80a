// The page controller: URL ⇄ state ⇄ panel, Run/Stop through the worker pool, results and export.
// The hash is the single source of truth; every run writes it (replaceState, no history spam).
import { CoreError } from '../engine/core';
import { Pool } from '../engine/pool';
import { workerRunner } from '../engine/worker-runner';
import { EXPERIMENTS, FAMILY_LABELS } from '../experiments';
import { defaults, hasTheory, toCoreParams, uploadsOf, type ExperimentMeta, type ParamValues } from '../experiments/schema';
import type { AnyResult } from '../experiments/generated';
import { formatDuration, wallSeconds } from '../engine/estimate';
import { exportFigure, makeStamp } from '../plots';
import { formatLink, parseLink, type AppState } from '../state/url';
import { formatValue } from '../state/values';
import { copyText } from './clipboard';
import { byId } from './dom';
import { applyEmbed, postHeightToHost, whenVisible } from './embed';
import { EmbedDialog } from './embed-dialog';
import { showLanding, wantsLanding } from './landing';
import { showCitations, showPaperLine } from './cite';
import { hideReproduce, showReproduce } from './reproduce';
import { wireResultFiles } from './result-file-ui';
import type { OpenedResult } from '../state/result-file';
import { buildPanel, UPLOAD_STATE_EVENT, type Panel } from './panel';
import { LiveTheory, type TheoryRequest } from './live-theory';
import { LiveRuns, wireLiveSwitch } from './live-run';
import { wireCompareSwitch } from './ghost';
import { precomputedResult, showPrecomputedMark } from './precomputed';
import { fillPicker } from './picker';
import { ResultsView, type ExportableFigure } from './results';
import { changedKeys, formText } from './stale';
import { exportFileName } from './export-name';
import { glossaryList, watchTerms, wireTermTips } from './glossary';
import { setSheetOpen, wireSheet } from './sheet';
import { StatusView } from './status';
import { initTheme, setLinkTheme } from './theme';

const metaOf = (id: string): ExperimentMeta => EXPERIMENTS.find((m) => m.id === id) ?? EXPERIMENTS[0];

/** Errors cross the worker boundary as plain Errors (Comlink keeps name and message, not the class). */
function isCoreError(error: unknown): error is Error {
  return error instanceof CoreError || (error instanceof Error && error.name === 'CoreError');
}

/** Stepping through the picker with the arrow keys fires a change per step: only the last one runs. */
const SWITCH_DEBOUNCE_MS = 350;

/** A link whose run is estimated to take longer than this here (seconds) waits for Run instead of starting. */
export const ASK_BEFORE_SECONDS = 30;

/** A fresh seed small enough to read and type (the core accepts up to 2^53 − 1). */
function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] % 1_000_000;
}

export class App {
  private pool = new Pool(workerRunner);
  private status = new StatusView();
  private results = new ResultsView((figure, element, format) => this.export(figure, element, format));
  private picker = byId<HTMLSelectElement>('experiment');
  private form = byId<HTMLFormElement>('params-form');
  private stopButton = byId<HTMLButtonElement>('stop');
  private runButton = byId<HTMLButtonElement>('run');
  /** A run scheduled by an experiment switch, not started yet. */
  private pendingRun: ReturnType<typeof setTimeout> | undefined;
  /** The id of the run the pool is computing, if any. */
  private inFlight = 0;
  private state!: AppState;
  private panel!: Panel;
  private runId = 0;
  /** What the figures on screen came from: exports are stamped with it. */
  private lastRun: { experimentId: string; values: ParamValues; result: AnyResult; link: string; file?: string; opened?: string; paramsUnknown?: boolean; precomputed?: boolean; partial?: boolean } | undefined;
  private writtenHash = '';
  private theory = new LiveTheory((request, theory) => this.drawTheory(request, theory));
  private theoryToken = 0;
  private embedDialog: EmbedDialog | undefined;
  /** Embed mode computes nothing until the view is scrolled into the viewport (then this turns true). */
  private seen = false;
  private cancelWait: (() => void) | undefined;
  /** Recompute as you edit (ui/live-run.ts): on in embeds, a switch in the full page. */
  private liveSwitch: () => boolean = () => false;
  private live = new LiveRuns({ estimate: () => this.liveEstimate(), start: () => void this.run({ live: true }) },
    () => this.state?.embed || this.liveSwitch());
  /** The estimate that started the live run in flight (seconds), to learn this device's speed. */
  private liveEstimated: number | undefined;
  /** True while the run in flight was started by an edit, not by Run or a link. */
  private inFlightLive = false;

  /** Resolves once the first figures are up (or an error, a wait for Run, the landing page): see StatusView.settled. */
  get settled(): Promise<void> {
    return this.status.settled;
  }

  start(): void {
    initTheme(() => this.results.redrawAll());
    document.querySelector('#lab-glossary details')?.append(glossaryList());
    wireTermTips();
    watchTerms(() => metaOf(this.state?.experimentId ?? '').family);
    fillPicker(this.picker, EXPERIMENTS, FAMILY_LABELS);
    this.picker.addEventListener('change', () => this.switchExperiment(this.picker.value));
    this.form.addEventListener('submit', (event) => { event.preventDefault(); void this.run(); });
    wireSheet(this.form);
    this.stopButton.addEventListener('click', () => this.stop());
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && document.body.dataset.status === 'running') { event.preventDefault(); this.stop(); }
    });
    // Any edit re-checks whether the figures still describe the panel.
    this.liveSwitch = wireLiveSwitch(byId<HTMLInputElement>('live-recompute'));
    this.results.compare = wireCompareSwitch(byId<HTMLInputElement>('compare-previous'), (on) => { this.results.compare = on; this.results.redrawAll(); });
    for (const type of ['input', 'change']) this.form.addEventListener(type, () => { this.supersedeLive(); this.followEdit(); this.refreshOutdated(); this.requestTheory(); this.live.schedule(); });
    this.form.addEventListener(UPLOAD_STATE_EVENT, () => this.refreshOutdated());
    byId('copy-link').addEventListener('click', () => void this.copy(location.href, this.results.outdated
      ? 'Link copied: it opens the parameters in the panel. The figures shown are from other parameters until you press Run.'
      : 'Link copied to the clipboard.'));
    byId('embed-open').addEventListener('click', () => (this.embedDialog ??= new EmbedDialog()).open(location.href, metaOf(this.state.experimentId).title));
    postHeightToHost();
    this.results.onFigureNotice = (text) => this.status.showNotices([text]);
    wireResultFiles({
      registry: EXPERIMENTS,
      shown: () => (this.lastRun ? { experimentId: this.lastRun.experimentId, values: this.lastRun.paramsUnknown ? undefined : this.lastRun.values, result: this.lastRun.result } : undefined),
      current: () => ({ experimentId: this.state.experimentId, values: this.panel.read().values }),
      onOpened: (opened, name) => this.showOpened(opened, name),
      onError: (message) => this.status.showError(message),
      onNotice: (message) => this.status.showNotices([message]),
    });
    window.addEventListener('hashchange', () => { if (location.hash !== this.writtenHash) this.route(); });
    this.status.clearError();
    this.status.set('idle');
    this.route();
  }

  /** A first visit without a link (or #gallery) sees the landing page and computes nothing; a link opens the lab. */
  private route(): void {
    const landing = wantsLanding(location.hash); // an embed always has a link
    showLanding(landing);
    if (landing) { this.writtenHash = location.hash; this.status.markSettled(); return; }
    window.scrollTo(0, 0); // a card or a link opens at the top, its first figure in view (not the gallery's scroll position)
    void this.load();
  }

  /**
   * Restores the page from the URL and runs it (cheap for defaults; the link's numbers otherwise),
   * unless the run is estimated to be long: then it says how long and waits for Run. A preset's link
   * draws the result shipped with the site instead, computing nothing (embedded too).
   */
  private async load(): Promise<void> {
    const { state, notices } = parseLink(location.hash, EXPERIMENTS);
    const meta = metaOf(state.experimentId);
    const shipped = precomputedResult(state, meta, EXPERIMENTS); // under way while the panel is built
    this.setState(state, true, shipped);
    const uploads = uploadsOf(metaOf(state.experimentId));
    // Files never travel in links, only their names: say which files reproduce the sender's numbers.
    if (uploads.length && state.file) {
      const several = state.file.includes(FILE_SEPARATOR);
      notices.push(`Made with the file${several ? 's' : ''} "${state.file.split(FILE_SEPARATOR).join('" and "')}" (links never carry files): choose ${several ? 'them' : 'it'} under "${uploads.map((u) => u.label).join('" / "')}" and run to reproduce those numbers.`);
    }
    this.status.showNotices(notices);
    this.writeUrl();
    showPrecomputedMark(false);
    const load = ++this.runId;
    if (shipped) { this.status.set('running'); this.results.setStale(true); } // at once, as for a run: the figures on screen are no longer this link's
    const result = await shipped;
    if (shipped) performance.mark('attnlab:precomputed-fetched');
    if (load !== this.runId) return; // another link or a run meanwhile
    if (result === undefined) this.runOnceSeen(notices); else this.showPrecomputed(meta, result);
  }

  /** A preset's result computed at build time: drawn as a finished run's, marked, with nothing started. */
  private showPrecomputed(meta: ExperimentMeta, result: AnyResult): void {
    if (this.inFlight) this.pool.stop(); // a run of the previous link computes nothing more
    clearTimeout(this.pendingRun);
    this.pendingRun = undefined;
    this.cancelWait?.();
    this.cancelWait = undefined;
    const values = this.state.values;
    this.lastRun = { experimentId: meta.id, values, result, link: location.href, precomputed: true };
    this.results.show(meta, result, values);
    performance.mark('attnlab:precomputed-drawn');
    showPrecomputedMark(true);
    showReproduce(meta, values, []);
    this.status.set('precomputed');
    this.stopButton.disabled = true;
  }

  /** Runs now, or in embed mode once the view is first scrolled into view (a page of ten embeds computes one at a time as it is read). */
  private runOnceSeen(notices: string[]): void {
    this.cancelWait?.();
    if (!this.state.embed || this.seen) { void this.runUnlessLong(notices); return; }
    this.status.set('waiting');
    this.cancelWait = whenVisible(document.body, () => { this.seen = true; void this.runUnlessLong(notices); });
  }

  /** Runs the link, unless its run is estimated to be long: then it says how long and waits for Run. */
  private async runUnlessLong(notices: string[]): Promise<void> {
    const load = ++this.runId; // a newer load or run supersedes this one while it plans
    this.status.set('running'); // at once, as before: the figures on screen are no longer this link's
    const seconds = await this.vetLink(notices);
    if (load !== this.runId) return;
    if (seconds === undefined) { void this.run(); return; }
    this.results.markOutdated(false);
    notices.push(`This link starts a run estimated at about ${formatDuration(seconds)} in this browser (estimated for a 2-core reference machine; yours may differ). Press Run to start it.`);
    this.status.showNotices(notices);
    this.status.set('waiting', ` (estimated ${formatDuration(seconds)})`);
    this.runButton.focus();
  }

  /**
   * Checks a link's values with the core's plan before running them. A value the link codec repaired
   * (it names the key in a notice) that the core still refuses — a clamped list that now repeats a value —
   * is reset to its default with a notice. Returns the estimated wall time when it is long enough to ask.
   */
  private async vetLink(notices: string[]): Promise<number | undefined> {
    const meta = metaOf(this.state.experimentId);
    const repaired = new Set(notices.map((n) => /^([A-Za-z]\w*):/.exec(n)?.[1]).filter((k): k is string => !!k));
    for (let attempt = 0; attempt <= repaired.size; attempt++) {
      const { values, invalid } = this.panel.read();
      if (invalid.length) return undefined; // run() names it
      try {
        const seconds = wallSeconds(await this.pool.plan(meta.id, toCoreParams(values)), this.pool.size);
        return seconds !== undefined && seconds > ASK_BEFORE_SECONDS ? seconds : undefined;
      } catch (error) {
        const key = isCoreError(error) ? /^([A-Za-z]\w*)\b/.exec(error.message)?.[1] : undefined;
        if (!key || !repaired.delete(key) || !(key in values)) return undefined; // run() shows the error
        const fallback = defaults(meta)[key];
        notices.push(`${key}: the repaired value is still refused (${(error as Error).message}); reset to the default ${formatValue(fallback)}`);
        this.status.showNotices(notices);
        this.state = { ...this.state, values: { ...values, [key]: fallback } };
        this.panel.write(this.state.values);
        this.writeUrl();
      }
    }
    return undefined;
  }

  /** `explainAfter`: a precomputed result on its way, drawn before the explanation is loaded. */
  private setState(state: AppState, experimentChanged: boolean, explainAfter?: Promise<unknown>): void {
    const meta = metaOf(state.experimentId);
    if (experimentChanged || !this.state || this.state.experimentId !== state.experimentId) {
      this.picker.value = meta.id;
      byId('experiment-summary').textContent = meta.summary;
      this.panel = buildPanel(this.form, meta, { onNewSeed: () => this.newSeed() });
      this.runButton.disabled = false; // no file of this panel is refused yet
      this.results.setExperiment(meta, explainAfter);
      showCitations(byId('cite-entries'), meta);
      showPaperLine(byId('experiment-paper'), meta);
      hideReproduce();
      showPrecomputedMark(false);
      document.title = `${meta.title} · attnlab`;
    }
    this.state = state;
    this.panel.write(state.values);
    this.results.only = state.embed ? state.fig : undefined;
    if (setLinkTheme(state.embed ? state.theme : undefined)) this.results.redrawAll();
    applyEmbed(state, new URL(formatLink({ ...state, embed: false, hide: [], fig: undefined, controls: undefined, theme: undefined }, EXPERIMENTS), location.href).href, meta.title);
  }

  private writeUrl(): void {
    const hash = formatLink(this.state, EXPERIMENTS);
    this.writtenHash = hash;
    if (location.hash !== hash) history.replaceState(null, '', hash);
  }

  /** Shows the new experiment's panel at once; its run starts once the picker has settled. */
  private switchExperiment(id: string): void {
    const values = { ...defaults(metaOf(id)), seed: this.state.values.seed };
    this.setState({ ...this.state, experimentId: id, values }, true);
    this.status.showNotices([]);
    this.runId++; // the previous experiment's run, if any, reports nothing more
    if (this.inFlight) this.pool.stop();
    clearTimeout(this.pendingRun);
    this.status.clearError();
    this.status.set('running');
    this.stopButton.disabled = false;
    this.pendingRun = setTimeout(() => void this.run(), SWITCH_DEBOUNCE_MS);
  }

  /** Stop (button or Esc): stops the run or the scheduled one; focus goes back to Run. */
  private stop(): void {
    if (this.pendingRun !== undefined) {
      clearTimeout(this.pendingRun);
      this.pendingRun = undefined;
      this.runId++;
      this.stopButton.disabled = true;
      this.status.set('stopped');
      this.runButton.focus();
      return;
    }
    this.pool.stop();
  }

  /** The address follows every valid edit at once, before any Run: the link always says what the panel says. */
  private followEdit(): void {
    const { values, invalid } = this.panel.read();
    if (invalid.length) return;
    this.state = { ...this.state, values };
    this.writeUrl();
  }

  /** Marks the figures outdated when the panel no longer gives the values they were computed with. */
  private refreshOutdated(): void {
    const refused = this.panel.refused();
    this.runButton.disabled = refused.length > 0; // a refused file is never silently replaced by synthetic data
    if (refused.length) {
      const names = `“${refused.join('” and “')}”`;
      this.results.markOutdated(true, '', `These figures are not from ${names}: the file could not be read (its field says why). Choose another file or remove it to run again.`);
      return;
    }
    const run = this.lastRun;
    if (!run || run.experimentId !== this.state.experimentId || document.body.dataset.status === 'running') {
      this.results.markOutdated(false);
      return;
    }
    const meta = metaOf(run.experimentId);
    const fileChanged = uploadsOf(meta).length > 0 && fileNames(this.panel.uploads()) !== run.file;
    const changed = changedKeys(meta, formText(this.form), run.values);
    this.results.markOutdated(fileChanged || changed.length > 0, describeChanges(meta, changed, run.values, fileChanged));
  }

  /** Asks the core for the theory at the panel's values, to draw over the last simulation (no run). */
  private requestTheory(): void {
    const run = this.lastRun;
    const meta = metaOf(this.state.experimentId);
    if (!run || run.experimentId !== meta.id || !hasTheory(meta.id) || run.file || run.opened || document.body.dataset.status === 'running') return;
    const { values, invalid } = this.panel.read();
    if (invalid.length) return;
    this.theory.request({ id: meta.id, params: toCoreParams(values), token: ++this.theoryToken, values });
  }

  /**
   * The new theory keys over the shown result; the simulation stays marked as the previous run's.
   * When the theory is the whole result (a theory-only experiment), it simply becomes the result.
   */
  private drawTheory(request: TheoryRequest, theory: Partial<AnyResult>): void {
    const run = this.lastRun;
    if (request.token !== this.theoryToken || !run || run.experimentId !== request.id || document.body.dataset.status === 'running') return;
    const meta = metaOf(run.experimentId);
    const values = request.values as ParamValues;
    const merged = withTheory(run.result, theory);
    if (Object.keys(run.result).every((key) => key in theory)) {
      this.state = { ...this.state, values };
      this.writeUrl();
      this.lastRun = { ...run, values, result: merged, link: location.href, precomputed: false };
      showPrecomputedMark(false);
      this.results.show(meta, merged, values);
    } else {
      this.results.showTheory(meta, merged, run.values, run.result);
    }
    this.refreshOutdated();
  }

  /**
   * An edit while a live run computes: that run is for values the panel no longer has, so it stops at
   * once (its workers are freed for the next one) and says nothing; the edit schedules its own live run.
   * body[data-live-superseded] counts them (tests read it).
   */
  private supersedeLive(): void {
    if (!this.inFlight || !this.inFlightLive) return;
    this.runId++; // the superseded run's handlers see a newer id and draw nothing
    this.inFlight = 0;
    this.inFlightLive = false;
    this.pool.stop();
    this.stopButton.disabled = true;
    this.status.set('idle');
    document.body.dataset.liveSuperseded = String(Number(document.body.dataset.liveSuperseded ?? 0) + 1);
  }

  /** The panel's run estimated here, for a live run: undefined when it cannot or should not start by itself. */
  private async liveEstimate(): Promise<number | undefined> {
    const status = document.body.dataset.status;
    if ((this.inFlight && !this.inFlightLive) || status === 'opened' || status === 'waiting' || this.panel.refused().length) return undefined;
    const { values, invalid } = this.panel.read();
    if (invalid.length) return undefined;
    const meta = metaOf(this.state.experimentId);
    const chosen = uploadsOf(meta).length ? this.panel.uploads() : [];
    if (chosen.length) return undefined; // an uploaded file runs on Run: its cost is not in the plan
    const seconds = wallSeconds(await this.pool.plan(meta.id, toCoreParams(values)), this.pool.size);
    this.liveEstimated = seconds;
    return seconds;
  }

  private newSeed(): void {
    const { values } = this.panel.read();
    this.panel.write({ ...values, seed: randomSeed() });
    void this.run();
  }

  /** `live`: started by an edit (ui/live-run.ts): the figures stay unfaded until the new ones replace them. */
  async run(options: { live?: boolean } = {}): Promise<void> {
    if (!options.live) this.live.cancel();
    clearTimeout(this.pendingRun);
    this.pendingRun = undefined;
    this.cancelWait?.(); // Run pressed before the view was scrolled to: no second run when it is
    this.cancelWait = undefined;
    this.seen = true;
    const refused = this.panel.refused();
    if (refused.length) { this.status.showError(`“${refused[0]}” could not be read: choose another file or remove it, then run.`); return; }
    const id = ++this.runId;
    const meta = metaOf(this.state.experimentId);
    const { values, invalid } = this.panel.read();
    const chosen = uploadsOf(meta).length ? this.panel.uploads() : [];
    const upload = chosen.length ? chosen : undefined;
    const file = fileNames(chosen);
    if (invalid.length === 0) {
      const { file: _previous, ...rest } = this.state;
      this.state = { ...rest, values, ...(file ? { file } : {}) };
      this.writeUrl();
    }
    const link = location.href; // this run's link (the address follows edits made while it runs)
    let partial: { result: AnyResult; done: number; total: number } | undefined;
    this.status.clearError();
    byId('open-choice').replaceChildren();
    byId('opened-from').hidden = true;
    this.status.set('running');
    showPrecomputedMark(false);
    if (!options.live) this.results.setStale(true);
    this.results.markOutdated(false);
    this.stopButton.disabled = false;
    this.inFlight = id;
    this.inFlightLive = Boolean(options.live);
    const estimated = options.live ? this.liveEstimated : undefined;
    const t0 = performance.now();
    try {
      // A file replaces what it determines (e.g. the pattern's size n): those values are not sent.
      const replaced = uploadsOf(meta).filter((spec) => chosen.some((c) => c.input === spec.input)).flatMap((spec) => spec.replaces ?? []);
      const sent = upload ? omit(values, replaced) : values;
      const result = await this.pool.run(meta.id, toCoreParams(sent), {
        inputs: upload ? Object.fromEntries(chosen.map((c) => [c.input, c.array])) : undefined,
        // A label (what the current step does) is shown when the engine gives one.
        onProgress: (fraction: number, label?: string) => { if (id === this.runId) this.status.setProgress(fraction, label); },
        onPartial: (result, done, total) => {
          if (id !== this.runId) return;
          partial = { result, done, total };
          this.results.show(meta, result, values, { done, total });
        },
      });
      if (id !== this.runId) return;
      this.live.record(estimated, (performance.now() - t0) / 1000);
      this.lastRun = { experimentId: meta.id, values, result, link, file };
      this.results.show(meta, result, values);
      showReproduce(meta, values, chosen.map((c) => ({ input: c.input, name: c.name })));
      this.status.set('done');
      this.refreshOutdated(); // values edited while it ran
    } catch (error) {
      if (id !== this.runId) return; // replaced by a newer run
      this.results.setStale(false);
      if (error instanceof CoreError && error.stopped) {
        if (partial) { // what finished is this run's, with its own parameters: shown as partial, not as outdated
          this.lastRun = { experimentId: meta.id, values, result: partial.result, link, file, partial: true };
          this.results.show(meta, partial.result, values, { done: partial.done, total: partial.total, stopped: true });
        }
        this.status.set('stopped', partial ? `: partial, ${partial.done} of ${partial.total} jobs` : '');
        this.runButton.focus();
      } else {
        this.status.showError(isCoreError(error) ? error.message : `the computation failed: ${(error as Error)?.message ?? error}`);
        this.status.set('error');
        if (invalid.length) { setSheetOpen(true); this.panel.focus(invalid[0]); }
      }
      this.refreshOutdated(); // the figures still show the last finished run, not the panel
    } finally {
      if (this.inFlight === id) { this.inFlight = 0; this.inFlightLive = false; }
      if (id === this.runId) this.stopButton.disabled = true;
    }
  }

  /**
   * Draws a result read from a file (Open result…) in place of a run: the panel shows its experiment and
   * parameters, the figures say which file they come from, and the URL stays as it was (files never
   * reach links). Run computes the panel's parameters live as usual.
   */
  private showOpened(opened: OpenedResult, name: string): void {
    this.runId++; // a run in progress reports nothing more
    if (this.inFlight) this.pool.stop();
    clearTimeout(this.pendingRun);
    this.pendingRun = undefined;
    this.cancelWait?.();
    const meta = metaOf(opened.experimentId);
    const { file: _file, ...rest } = this.state;
    this.setState({ ...rest, experimentId: meta.id, values: opened.values }, meta.id !== this.state.experimentId);
    this.status.clearError();
    this.lastRun = { experimentId: meta.id, values: opened.values, result: opened.result, link: `opened from file ${name}`, opened: name, paramsUnknown: !opened.knownParams };
    showPrecomputedMark(false);
    this.results.show(meta, opened.result, opened.values, undefined, name);
    if (opened.knownParams) showReproduce(meta, opened.values, []); else hideReproduce();
    const note = byId('opened-from');
    note.textContent = `Opened from file ${name}: ${opened.notes.join('; ')}. Nothing was computed here; Run computes the panel's parameters live.`;
    note.hidden = false;
    this.status.showNotices([]);
    this.status.set('opened');
    this.stopButton.disabled = true;
  }

  private async copy(text: string, done: string): Promise<void> {
    const ok = await copyText(text);
    const note = uploadsOf(metaOf(this.state.experimentId)).length && this.panel.uploads().length
      ? ' The link does not include your uploaded file: whoever opens it needs the same file.' : '';
    if (ok) this.status.showNotices([done + note]);
    else this.status.showCopyText(`Could not copy automatically; copy this by hand:${note}`, text);
  }

  /** Exports one figure, stamped with the run it came from; its JSON holds that figure's data only. */
  private export(figure: ExportableFigure, element: Element, format: 'svg' | 'png' | 'csv' | 'json'): void {
    const run = this.lastRun;
    if (!run) { this.status.showNotices(['Nothing to export yet: wait for the run to finish.']); return; }
    const stamp = makeStamp({ experiment: run.experimentId, figure: figure.id, values: run.values as Record<string, number | string | number[]>, link: run.link, precomputed: run.precomputed });
    const fileName = exportFileName(metaOf(run.experimentId), run.values, figure.id, format);
    exportFigure({ format, element, title: figure.title, table: figure.table, data: figure.data, stamp, fileName })
      .catch((error: Error) => this.status.showError(`export failed: ${error.message}`));
  }
}

/** Between the names of several files in a link's file= (names never carry it: see state/url.ts). */
const FILE_SEPARATOR = ',';
/** The names of the chosen files as the link's file= value (undefined when none). */
function fileNames(chosen: { name: string }[]): string | undefined {
  return chosen.length ? chosen.map((c) => c.name).join(FILE_SEPARATOR) : undefined;
}

/** "β was 4, n was 512" (the shown result's values of the edited parameters), for the outdated note. */
function describeChanges(meta: ExperimentMeta, keys: string[], shown: ParamValues, fileChanged: boolean): string {
  const label = (key: string) => (key === 'seed' ? 'seed' : meta.params.find((p) => p.key === key)?.label ?? key);
  const parts = keys.slice(0, 4).map((key) => `${label(key)} was ${shown[key] === undefined ? 'unset' : formatValue(shown[key])}`);
  if (keys.length > 4) parts.push(`${keys.length - 4} more`);
  if (fileChanged) parts.push('another file');
  return parts.join('; ');
}

/** The result with the theory's keys (some of the result's own) replaced by the new theory's. */
function withTheory<R extends object>(result: R, theory: Partial<R>): R {
  return { ...result, ...theory };
}

function omit(values: ParamValues, keys: string[]): ParamValues {
  return Object.fromEntries(Object.entries(values).filter(([key]) => !keys.includes(key)));
}
