// The page controller: URL ⇄ state ⇄ panel, Run/Stop through the worker pool, results and export.
// The hash is the single source of truth; every run writes it (replaceState, no history spam).
import { CoreError } from '../engine/core';
import { Pool } from '../engine/pool';
import { workerRunner } from '../engine/worker-runner';
import { EXPERIMENTS, FAMILY_LABELS } from '../experiments';
import { defaults, toCoreParams, type ExperimentMeta, type ParamValues } from '../experiments/schema';
import type { Json } from '../engine/core';
import { exportFigure, makeStamp } from '../plots';
import { formatLink, parseLink, type AppState } from '../state/url';
import { copyText } from './clipboard';
import { byId } from './dom';
import { applyEmbed, embedSnippet } from './embed';
import { buildPanel, type Panel } from './panel';
import { fillPicker } from './picker';
import { ResultsView } from './results';
import { StatusView } from './status';

const metaOf = (id: string): ExperimentMeta => EXPERIMENTS.find((m) => m.id === id) ?? EXPERIMENTS[0];

/** Errors cross the worker boundary as plain Errors (Comlink keeps name and message, not the class). */
function isCoreError(error: unknown): error is Error {
  return error instanceof CoreError || (error instanceof Error && error.name === 'CoreError');
}

/** A fresh seed small enough to read and type (the core accepts up to 2^53 − 1). */
function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] % 1_000_000;
}

export class App {
  private pool = new Pool(workerRunner);
  private status = new StatusView();
  private results = new ResultsView((figure, element, format) => this.export(figure.id, figure.title, element, format, figure.table));
  private picker = byId<HTMLSelectElement>('experiment');
  private form = byId<HTMLFormElement>('params-form');
  private stopButton = byId<HTMLButtonElement>('stop');
  private state!: AppState;
  private panel!: Panel;
  private runId = 0;
  /** What the figures on screen came from: exports are stamped with it. */
  private lastRun: { experimentId: string; values: ParamValues; result: Json; link: string } | undefined;
  private writtenHash = '';

  start(): void {
    fillPicker(this.picker, EXPERIMENTS, FAMILY_LABELS);
    this.picker.addEventListener('change', () => this.switchExperiment(this.picker.value));
    this.form.addEventListener('submit', (event) => { event.preventDefault(); void this.run(); });
    this.stopButton.addEventListener('click', () => this.pool.stop());
    byId('copy-link').addEventListener('click', () => void this.copy(location.href, 'Link copied to the clipboard.'));
    byId('copy-embed').addEventListener('click', () => void this.copy(embedSnippet(location.href, metaOf(this.state.experimentId).title), 'Embed code (an <iframe>) copied to the clipboard.'));
    window.addEventListener('hashchange', () => { if (location.hash !== this.writtenHash) this.load(); });
    this.status.clearError();
    this.status.set('idle');
    this.load();
  }

  /** Restores the page from the URL and runs it (cheap for defaults; the link's numbers otherwise). */
  private load(): void {
    const { state, notices } = parseLink(location.hash, EXPERIMENTS);
    this.setState(state, true);
    const upload = metaOf(state.experimentId).upload;
    // Files never travel in links, only their name: say which file reproduces the sender's numbers.
    if (upload && state.file) notices.push(`This link was made with the file "${state.file}", which links never carry: choose it under "${upload.label}" and run to reproduce those numbers. Until then the run uses a sampled pattern.`);
    this.status.showNotices(notices);
    this.writeUrl();
    void this.run();
  }

  private setState(state: AppState, experimentChanged: boolean): void {
    const meta = metaOf(state.experimentId);
    if (experimentChanged || !this.state || this.state.experimentId !== state.experimentId) {
      this.picker.value = meta.id;
      byId('experiment-summary').textContent = meta.summary;
      this.panel = buildPanel(this.form, meta, { onNewSeed: () => this.newSeed() });
      this.results.setExperiment(meta);
      document.title = `${meta.title} · attnlab`;
    }
    this.state = state;
    this.panel.write(state.values);
    applyEmbed(state, new URL(formatLink({ ...state, embed: false, hide: [] }, EXPERIMENTS), location.href).href);
  }

  private writeUrl(): void {
    const hash = formatLink(this.state, EXPERIMENTS);
    this.writtenHash = hash;
    if (location.hash !== hash) history.replaceState(null, '', hash);
  }

  private switchExperiment(id: string): void {
    const values = { ...defaults(metaOf(id)), seed: this.state.values.seed };
    this.setState({ ...this.state, experimentId: id, values }, true);
    this.status.showNotices([]);
    void this.run();
  }

  private newSeed(): void {
    const { values } = this.panel.read();
    this.panel.write({ ...values, seed: randomSeed() });
    void this.run();
  }

  async run(): Promise<void> {
    const id = ++this.runId;
    const meta = metaOf(this.state.experimentId);
    const { values, invalid } = this.panel.read();
    const upload = meta.upload ? this.panel.upload() : undefined;
    if (invalid.length === 0) {
      const { file: _previous, ...rest } = this.state;
      this.state = { ...rest, values, ...(upload ? { file: upload.name } : {}) };
      this.writeUrl();
    }
    this.status.clearError();
    this.status.set('running');
    this.results.setStale(true);
    this.stopButton.disabled = false;
    try {
      // A file replaces what it determines (e.g. the pattern's size n): those values are not sent.
      const sent = upload ? omit(values, meta.upload?.replaces ?? []) : values;
      const result = await this.pool.run(meta.id, toCoreParams(sent), {
        upload: upload?.data,
        onProgress: (fraction) => { if (id === this.runId) this.status.setProgress(fraction); },
        onPartial: (partial, done, total) => { if (id === this.runId) this.results.show(meta, partial, values, { done, total }); },
      });
      if (id !== this.runId) return;
      this.lastRun = { experimentId: meta.id, values, result, link: location.href };
      this.results.show(meta, result, values);
      this.status.set('done');
    } catch (error) {
      if (id !== this.runId) return; // replaced by a newer run
      this.results.setStale(false);
      if (error instanceof CoreError && error.stopped) {
        this.status.set('stopped', ' — change parameters and run again');
      } else {
        this.status.showError(isCoreError(error) ? error.message : `the computation failed: ${(error as Error)?.message ?? error}`);
        this.status.set('error');
        if (invalid.length) this.panel.focus(invalid[0]);
      }
    } finally {
      if (id === this.runId) this.stopButton.disabled = true;
    }
  }

  private async copy(text: string, done: string): Promise<void> {
    const ok = await copyText(text);
    const note = metaOf(this.state.experimentId).upload && this.panel.upload()
      ? ' The link does not include your uploaded file: whoever opens it needs the same file.' : '';
    this.status.showNotices([ok ? done + note : `Could not copy automatically; copy this by hand: ${text}`]);
  }

  private export(figureId: string, title: string, element: Element, format: 'svg' | 'png' | 'csv' | 'json', table: () => { columns: string[]; rows: (number | string)[][] }): void {
    const run = this.lastRun;
    if (!run) { this.status.showNotices(['Nothing to export yet: wait for the run to finish.']); return; }
    const stamp = makeStamp({ experiment: run.experimentId, figure: figureId, values: run.values as Record<string, number | string | number[]>, link: run.link });
    exportFigure({ format, element, title, table, result: run.result, stamp }).catch((error: Error) => this.status.showError(`export failed: ${error.message}`));
  }
}

function omit(values: ParamValues, keys: string[]): ParamValues {
  return Object.fromEntries(Object.entries(values).filter(([key]) => !keys.includes(key)));
}
