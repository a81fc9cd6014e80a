// SPDX-License-Identifier: Apache-2.0
// The page controller: wires the views and the parts (runs, link loading, the panel's follow-up) and
// holds the two states: the link's (AppState, written to the address; the hash is the single source
// of truth, replaceState, no history spam) and the run's (PageState, ui/run/page-state.ts, rendered by
// ui/shell/page-render.ts and never read back from the DOM).
import { Pool } from '../engine/pool';
import { workerRunner } from '../engine/worker-runner';
import { EXPERIMENTS, FAMILY_LABELS, metaOf } from '../experiments';
import { defaults, isSingleJob, type ExperimentMeta, type ParamValues } from '../experiments/schema';
import type { ModelLink } from '../state/model-link';
import { formatLink, showable, type AppState } from '../state/url';
import { copyWithNote, exportShownFigure } from './results/copy-export';
import { byId } from './dom';
import { applyEmbed, postHeightToHost, setOpenFull } from './embed/embed';
import { EmbedDialog } from './embed/embed-dialog';
import { wireCompareSwitch } from './results/ghost';
import { glossaryList, watchTerms, wireTermTips } from './shell/glossary-ui';
import { showLanding, wantsLanding } from './shell/landing';
import { showCitations, showPaperLine } from './shell/cite';
import { LinkLoader } from './run/link-loader';
import { modelSummaryBeforeRun } from './model/state';
import { wireLiveSwitch } from './run/live-run';
import type { PageContext } from './page-context';
import { wireOpenHead } from './model/open-head';
import { wireAtlasPreview } from './model/atlas-preview';
import { renderPage } from './shell/page-render';
import { edited, INITIAL_PAGE, leftForGallery, type PageState } from './run/page-state';
import { sourceOfLink, withSource } from './uploads/heads-source';
import { buildPanel, UPLOAD_STATE_EVENT, type Panel } from './panel/panel';
import { wireHostApi } from './embed/host-api';
import { PanelFollow } from './panel/follow';
import { fillPicker } from './shell/picker';
import { showPrecomputedMark } from './run/precomputed';
import { hideReproduce } from './results/reproduce';
import { wireResultFiles } from './results/result-file-ui';
import { showOpenedStudy } from './corpus/opened-study';
import { ResultsView } from './results/results';
import type { Draft } from './run/run-input';
import { Runs } from './run/runs';
import { carriedTo, NO_UPLOADS, type Uploads } from './uploads/uploads';
import { wireSheet } from './shell/sheet';
import { StatusView } from './shell/status';
import { initTheme, setLinkTheme } from './shell/colour-scheme';

export class App implements PageContext {
  readonly pool = new Pool(workerRunner);
  readonly status = new StatusView();
  readonly results = new ResultsView((figure, element, format) => exportShownFigure(this, figure, element, format));
  readonly form = byId<HTMLFormElement>('params-form');
  readonly runButton = byId<HTMLButtonElement>('run');
  private stopButton = byId<HTMLButtonElement>('stop');
  private picker = byId<HTMLSelectElement>('experiment');
  page: PageState = INITIAL_PAGE;
  state!: AppState;
  panel!: Panel;
  draft: Draft | undefined;
  /** The files attached to the run (ui/uploads/uploads.ts): never in the link, emptied with a new panel. */
  uploads: Uploads = NO_UPLOADS;
  private writtenHash = '';
  private embedDialog: EmbedDialog | undefined;
  /** Recompute as you edit (ui/run/live-run.ts): on in embeds, a switch in the full page. */
  private liveSwitch: () => boolean = () => false;
  private follows = new PanelFollow(this);
  private runs: Runs = new Runs(this, {
    liveOn: () => this.state?.embed || this.liveSwitch(),
    beforeRun: () => this.links.ranByReader(),
    afterRun: () => this.follows.refreshOutdated(),
  });
  private links = new LinkLoader(this, this.runs, () => this.writeUrl());

  /** Resolves once the first figures are up (or an error, a wait for Run, the landing page): see StatusView.settled. */
  get settled(): Promise<void> {
    return this.status.settled;
  }

  setPage(next: PageState): void {
    const prev = this.page;
    this.page = next;
    renderPage(prev, next, { status: this.status, stopButton: this.stopButton });
    if (prev.computing && !next.computing) this.quietWaiters.splice(0).forEach((check) => check());
  }

  /**
   * Starts the workers of the open experiment and has them load its core in the background, so that its first run
   * (Run, an edit's live run) does not wait for them. Not on the landing page, nor in an embed (a page with several
   * embeds would hold two workers for each).
   */
  prepareCore(): void {
    if (wantsLanding(location.hash) || !this.state || this.state.embed) return;
    const { id } = metaOf(this.state.experimentId);
    this.pool.prepare(id, !isSingleJob(id));
  }

  /** Checks waiting for the run in progress to end (whenQuiet). */
  private quietWaiters: Array<() => void> = [];

  /** Resolves once `ms` milliseconds have passed with no run in progress at either end (a run restarts the wait). */
  whenQuiet(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const check = (): void => {
        if (this.page.computing) {
          this.quietWaiters.push(check);
          return;
        }
        window.setTimeout(() => (this.page.computing ? this.quietWaiters.push(check) : resolve()), ms);
      };
      check();
    });
  }

  follow(state: AppState): void {
    this.state = state;
    this.writeUrl();
    this.host.changed();
  }

  /** api=1: the parent page may set values, run and read the numbers (ui/embed/host-api.ts). */
  private host = wireHostApi({
    state: () => this.state,
    apply: (values) => {
      this.runs.supersedeLive();
      this.editValues(values);
      this.follows.refreshOutdated();
    },
    run: () => void this.runs.run(),
  });

  start(): void {
    initTheme(() => this.results.redrawAll());
    document.querySelector('#lab-glossary details')?.append(glossaryList());
    wireTermTips();
    watchTerms(() => metaOf(this.state?.experimentId ?? '').family);
    this.wireRunControls();
    this.liveSwitch = wireLiveSwitch(byId<HTMLInputElement>('live-recompute'));
    this.results.compare = wireCompareSwitch(byId<HTMLInputElement>('compare-previous'), (on) => {
      this.results.compare = on;
      this.results.redrawAll();
    });
    this.wireEdits();
    wireOpenHead(this);
    wireAtlasPreview(this);
    this.wireSharing();
    window.addEventListener('hashchange', () => {
      if (location.hash !== this.writtenHash) this.route();
    });
    this.status.clearError();
    renderPage(undefined, this.page, { status: this.status, stopButton: this.stopButton });
    this.route();
  }

  /** The picker, Run (the form's submit), the phone's parameter sheet, Stop and Esc. */
  private wireRunControls(): void {
    fillPicker(this.picker, EXPERIMENTS, FAMILY_LABELS);
    this.picker.addEventListener('change', () => this.switchExperiment(this.picker.value));
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.runs.run();
    });
    wireSheet(this.form);
    this.stopButton.addEventListener('click', () => this.runs.stop());
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && this.page.phase === 'running') {
        event.preventDefault();
        this.runs.stop();
      }
    });
  }

  /**
   * Any edit stops a live run it makes stale, moves the address, re-checks whether the figures still describe the
   * panel, redraws live theory and may start a live run; a file that fills a parameter is taken as an edit.
   */
  private wireEdits(): void {
    for (const type of ['input', 'change']) {
      this.form.addEventListener(type, () => {
        this.runs.supersedeLive();
        this.setPage(edited(this.page));
        this.followEdit();
        this.follows.refreshOutdated();
        this.follows.requestTheory();
        this.runs.live.schedule();
      });
    }
    // A file can fill a parameter (a bundle's or a model's scale): the state takes it as it takes an edit.
    this.form.addEventListener(UPLOAD_STATE_EVENT, () => {
      this.followEdit();
      this.showSummaryBeforeRun(metaOf(this.state.experimentId), this.state.model);
      this.follows.refreshOutdated();
      this.links.headsGiven();
      this.links.weightsEstimated();
    });
  }

  /** The ways out: Copy link, the Embed dialog, the embed's height for its host, result files (open and export). */
  private wireSharing(): void {
    byId('copy-link').addEventListener(
      'click',
      () =>
        void copyWithNote(
          this,
          location.href,
          this.results.outdated
            ? 'Link copied: it opens the parameters in the panel. The ' +
                'figures shown are from other parameters until you press Run.'
            : 'Link copied to the clipboard.',
        ),
    );
    byId('embed-open').addEventListener('click', () =>
      (this.embedDialog ??= new EmbedDialog()).open(location.href, metaOf(this.state.experimentId).title),
    );
    postHeightToHost();
    this.results.onFigureNotice = (text) => this.status.showNotices([text]);
    wireResultFiles({
      registry: EXPERIMENTS,
      shown: () => {
        const run = this.page.shown;
        return run ? { ...run, values: run.paramsUnknown ? undefined : run.values } : undefined;
      },
      current: () => ({ experimentId: this.state.experimentId, values: this.state.values }),
      onOpened: (opened, name) => this.links.showOpened(opened, name),
      onStudy: (study, name, notes) => showOpenedStudy(study, name, notes, this.status),
      onError: (message) => this.status.showError(message),
      onNotice: (message) => this.status.showNotices(message ? [message] : []),
    });
  }

  /** A first visit without a link (or #gallery) sees the landing page and computes nothing; a link opens the lab. */
  private route(): void {
    const landing = wantsLanding(location.hash); // an embed always has a link
    showLanding(landing);
    if (landing) {
      this.writtenHash = location.hash;
      this.runs.abandon(); // a run of the lab left behind computes nothing more
      this.setPage(leftForGallery(this.page));
      this.status.markSettled();
      return;
    }
    // a card or a link opens at the top, its first figure in view (not the gallery's scroll position)
    window.scrollTo(0, 0);
    void this.links.load();
  }

  /** `explainAfter`: a precomputed result on its way, drawn before the explanation is loaded. */
  setState(state: AppState, experimentChanged: boolean, explainAfter?: Promise<unknown>): void {
    const meta = metaOf(state.experimentId);
    if (experimentChanged || !this.state || this.state.experimentId !== state.experimentId) {
      this.picker.value = meta.id;
      this.uploads = carriedTo(this.uploads, meta, state.file); // a head opened from an atlas on your files
      this.panel = buildPanel(this.form, meta, {
        onNewSeed: () => this.runs.newSeed(),
        files: {
          get: () => this.uploads,
          set: (next) => {
            this.uploads = next;
          },
        },
      });
      this.panel.chooseSource(sourceOfLink(state)); // the link's, or the model or files the address kept
      this.runButton.disabled = false; // no file of this panel is refused yet
      this.results.setExperiment(meta, explainAfter);
      this.showSummaryBeforeRun(meta, state.model);
      showCitations(byId('cite-entries'), meta);
      showPaperLine(byId('experiment-paper'), meta);
      hideReproduce();
      showPrecomputedMark(false);
      document.title = `${meta.title} · attnlab`;
    }
    this.state = state;
    this.panel.write(state.values);
    this.draft = undefined;
    this.results.only = state.embed ? state.fig : undefined;
    if (setLinkTheme(state.embed ? state.theme : undefined)) this.results.redrawAll();
    applyEmbed(state, this.fullAppHref(), meta.title);
  }

  /** The summary until a run is drawn: the experiment's own, or with “Your model” chosen, what a run will analyse. */
  private showSummaryBeforeRun(meta: ExperimentMeta, linked: ModelLink | undefined): void {
    const open = this.panel.modelLink();
    this.results.showSummaryBeforeRun(
      this.panel.source() === 'model'
        ? showable(modelSummaryBeforeRun(meta.title, open ?? linked, open !== undefined))
        : meta.summary,
    );
  }

  /** The full page's link to what this page shows now (no embed keys): where "Open in attnlab ↗" goes. */
  private fullAppHref(): string {
    return new URL(
      formatLink(
        { ...this.state, embed: false, hide: [], fig: undefined, controls: undefined, theme: undefined },
        EXPERIMENTS,
      ),
      location.href,
    ).href;
  }

  private writeUrl(): void {
    const hash = formatLink(this.state, EXPERIMENTS);
    this.writtenHash = hash;
    if (location.hash !== hash) history.replaceState(null, '', hash);
    setOpenFull(this.fullAppHref());
  }

  /** Shows the new experiment's panel at once; its run starts once the picker has settled. */
  private switchExperiment(id: string): void {
    const values = { ...defaults(metaOf(id)), seed: this.state.values.seed };
    this.setState({ ...this.state, experimentId: id, values }, true);
    this.status.showNotices([]);
    this.status.clearError();
    this.runs.schedule(); // the previous experiment's run, if any, reports nothing more
  }

  editValues(values: ParamValues): void {
    this.setPage(edited(this.page));
    this.follow({ ...this.state, values });
    this.panel.write(values);
    this.draft = undefined;
  }

  /**
   * The form only edits the state: every valid edit goes into it and the address at once, before any Run, and
   * runs take their values from it (ui/run/run-input.ts). A reading with text that is not a valid value is kept as
   * the draft instead, so the address keeps the last valid link and a run names the field.
   */
  private followEdit(): void {
    const reading = this.panel.read();
    this.draft = reading.invalid.length ? reading : undefined;
    // Where the heads come from and the model open (its name, text and layers) are in the address once chosen.
    const model = this.panel.modelLink() ?? this.state.model;
    const state = withSource({ ...this.state, ...(model ? { model } : {}) }, this.panel.source(), model);
    if (!this.draft) this.follow({ ...state, values: reading.values });
  }
}
