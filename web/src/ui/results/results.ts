// SPDX-License-Identifier: Apache-2.0
// The results area: headline numbers ([data-key] elements whose text is the value), then one
// section per figure ([data-figure] with its Table toggle and export buttons), the explanation, and
// the hidden #result-json with the full result of the last finished run.
import type { AnyResult } from '../../experiments/generated';
import type { ExperimentMeta, Figure, ParamValues } from '../../experiments/schema';
import type { ModelLink } from '../../state/model-link';
import { formatValue } from '../../state/values';
import { byId, h } from '../dom';
import { EMBED_FIGURE_MAX_HEIGHT } from '../embed/embed-snippet';
import { GhostMemory, sourceKey } from './ghost';
import { modelName, modelSource, modelSummary } from '../model/state';
import { axisSummary, tableSummary } from './figure-summary';
import { figureSection, type ExportHandler } from './figure-section';
import { drawHeadline, type PartialRun } from './headline';
import { showable } from '../../state/url';
import { measuredValues } from '../run/run-input';

/** The experiment's summary: under its title, and in the phone layout's sheet. */
const SUMMARY_IDS = ['experiment-summary', 'phone-summary-text'];

interface Drawn {
  figure: Figure;
  body: HTMLElement;
  width: number;
}

export class ResultsView {
  private headline = byId('headline');
  private figures = byId('figures');
  private explain = byId('explain');
  private resultJson = byId('result-json');
  private staleNote = byId('stale-note');
  private staleNoteText = byId('stale-note-text');
  private drawn: Drawn[] = [];
  /**
   * The overlays follow the panel (live theory) while the simulation is the last run's; #results[data-theory] mirrors
   * it.
   */
  private liveTheory = false;
  private isOutdated = false;
  /** Figures whose data table is open; they stay open across runs of the same experiment. */
  private openTables = new Set<string>();
  /** The previous run, drawn faded behind line charts while `compare` is on (ui/results/ghost.ts). */
  private ghosts = new GhostMemory();
  /** "Compare with previous run": set by the page's switch; redrawAll() applies a change. */
  compare = true;

  constructor(private readonly onExport: ExportHandler) {
    let pending = 0;
    window.addEventListener('resize', () => {
      cancelAnimationFrame(pending);
      pending = requestAnimationFrame(() => this.redrawIfResized());
    });
  }

  /** The summary under the title until a run is drawn (render writes a drawn run's): `text`. */
  showSummaryBeforeRun(text: string): void {
    if (!this.drawn.length) for (const id of SUMMARY_IDS) byId(id).textContent = text;
  }

  /**
   * Shows an experiment's explanation (once per experiment switch); with `after`, its text is loaded
   * once that settles (a precomputed result on its way: the figures are drawn first).
   */
  setExperiment(meta: ExperimentMeta, after?: Promise<unknown>): void {
    this.markOutdated(false);
    this.headline.replaceChildren();
    this.figures.replaceChildren();
    this.drawn = [];
    this.ghosts.reset();
    this.openTables.clear();
    this.resultJson.textContent = '';
    this.explain.replaceChildren();
    delete this.explain.dataset.loaded;
    this.explain.hidden = !meta.explain;
    if (meta.explain) void this.showExplanation(meta.explain, after);
  }

  /**
   * The explanation's heading at once, its text once its module (and KaTeX) has loaded: after the
   * figures when the result is at hand. A failed load says so in place; the page works on.
   */
  private async showExplanation(load: () => Promise<HTMLElement>, after?: Promise<unknown>): Promise<void> {
    // No counter of its own: a switch meanwhile replaced `details` (setExperiment empties #explain), so it is stale
    // once it left the page; the page's work is ordered by PageState's ticket alone.
    const details = h('details', { open: true }, h('summary', {}, 'What is computed'));
    this.explain.append(details);
    let body: HTMLElement;
    try {
      if (after) {
        await after.catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 0)); // the figures' drawing comes first
      }
      if (!details.isConnected) return;
      body = await load();
    } catch (error) {
      body = h(
        'p',
        { class: 'explain-error' },
        `The explanation could not be loaded ` +
          `(${error instanceof Error ? error.message : String(error)}); reload the page to try again.`,
      );
    }
    if (!details.isConnected) return;
    details.append(body);
    this.explain.dataset.loaded = ''; // #explain[data-loaded]: the text is in (tests wait on it)
  }

  /** Marks the figures as out of date while a new run computes. */
  setStale(stale: boolean): void {
    document.getElementById('results')?.classList.toggle('stale', stale);
  }

  /**
   * Marks the shown result as not matching the panel (after Stop, or once a value is edited):
   * faded, with a note and a Run button. Nothing is marked while nothing is shown.
   */
  markOutdated(outdated: boolean, changes = '', instead?: string, runnable = false): void {
    const shown = outdated && this.drawn.length > 0;
    document.getElementById('results')?.classList.toggle('outdated', shown);
    this.isOutdated = shown;
    this.staleNote.hidden = !shown;
    if (!shown) return;
    byId('stale-run').hidden = instead !== undefined && !runnable; // Run waits for what the note asks
    if (instead) {
      this.staleNoteText.textContent = instead;
      return;
    }
    // With live theory the lines follow the panel and only the simulation is the previous run's: say which is which.
    const live = this.liveTheory;
    const was = changes ? ` (${changes})` : '';
    this.staleNoteText.textContent = live
      ? `Theory lines and numbers marked “theory” follow the panel. The simulation ` +
        `(faded dots, the other numbers) is from the last run${was}. Run to update it.`
      : `These figures are from the last run's parameters${was}, not the panel's. Run to update them.`;
  }

  /** True while the shown result is marked as not matching the panel. */
  get outdated(): boolean {
    return this.isOutdated;
  }

  /**
   * Redraws with new theory keys merged over the last run's result (live theory): the simulation and
   * #result-json stay the last run's; #results[data-theory="live"] says the overlays are newer.
   */
  showTheory(meta: ExperimentMeta, merged: AnyResult, runValues: ParamValues, previous: AnyResult): void {
    this.render(meta, merged, runValues);
    this.liveTheory = true;
    byId('results').dataset.theory = 'live';
    // Headline numbers the new theory changed are current: marked, so they read apart from the simulation's.
    const before = new Map(meta.headline(previous, runValues).map((item) => [item.key, item.value]));
    for (const dd of this.headline.querySelectorAll<HTMLElement>('dd[data-key]')) {
      const changed = before.get(dd.dataset.key ?? '') !== dd.textContent;
      dd.parentElement?.classList.toggle('live-theory', changed);
      if (changed) dd.parentElement?.querySelector('dt')?.append(h('span', { class: 'live-tag' }, ' · theory'));
    }
  }

  /** `openedFrom`: the name of the result file the figures come from (Open result…), not a run. */
  show(meta: ExperimentMeta, result: AnyResult, values: ParamValues, partial?: PartialRun, openedFrom?: string): void {
    this.setStale(false);
    this.markOutdated(false);
    this.liveTheory = false;
    delete byId('results').dataset.theory;
    const source = openedFrom ? `opened:${openedFrom}` : sourceKey(this.files, this.model);
    this.ghosts.prepare(meta, values, source);
    this.render(meta, result, values, partial, openedFrom);
    if (partial) return;
    this.ghosts.remember(
      meta,
      values,
      this.drawn.map((d) => ({ id: d.figure.id, body: d.body })),
      source,
    );
    this.resultJson.textContent = JSON.stringify(result).replace(/</g, '\\u003c');
  }

  /** fig= of an embed: the figures to show, in this order (undefined: all). */
  only: readonly string[] | undefined;
  /** Told once per experiment and id when fig= names a figure the experiment does not draw. */
  onFigureNotice: (text: string) => void = () => undefined;
  private noticed = new Set<string>();

  /** The figures to draw: all, or those fig= names in its order (all of them when it names none that exist). */
  private chosenFigures(meta: ExperimentMeta, all: Figure[]): Figure[] {
    if (!this.only?.length) return all;
    const picked = this.only.map((id) => all.find((f) => f.id === id)).filter((f): f is Figure => f !== undefined);
    const unknown = this.only.filter((id) => !all.some((f) => f.id === id) && !this.noticed.has(`${meta.id}/${id}`));
    for (const id of unknown) this.noticed.add(`${meta.id}/${id}`);
    if (unknown.length)
      this.onFigureNotice(
        `fig: "${unknown.join('", "')}" is not a figure of this experiment ` +
          `(${all.map((f) => f.id).join(', ')}); ${picked.length ? 'not shown' : 'showing all'}`,
      );
    return picked.length ? picked : all;
  }

  /**
   * The model whose heads the shown run read (ui/model/model-panel.ts): named first in the headline and in every
   * caption.
   */
  model: ModelLink | undefined;
  /**
   * The uploaded files the shown run read (their names, as in file=), for the comparison rule (ui/results/ghost.ts).
   */
  files: string | undefined;
  /** Figures drawn after the experiment's own for the shown run (the analysed head's attention on a model's text). */
  extraFigures: Figure[] = [];

  private render(
    meta: ExperimentMeta,
    result: AnyResult,
    values: ParamValues,
    partial?: PartialRun,
    openedFrom?: string,
  ): void {
    const model = openedFrom ? undefined : this.model;
    // The page's words follow the heads: a model's run hides the zoo's caveats and fields (page.css).
    if (model) document.body.dataset.heads = 'model';
    else delete document.body.dataset.heads;
    const summary = model ? showable(modelSummary(meta.title, model)) : meta.summary;
    for (const id of SUMMARY_IDS) byId(id).textContent = summary;
    drawHeadline(this.headline, meta.headline(result, values), model, partial);

    const caption = openedFrom
      ? `${meta.id} · opened from file ${openedFrom}`
      : `${meta.id}${model ? ` · ${showable(modelSource(model, 30))}` : ''} · seed ${formatValue(values.seed)}`;
    const sections = this.chosenFigures(meta, [
      ...meta.figures(result, measuredValues(meta.id, model, values), model ? showable(modelName(model)) : undefined),
      ...(openedFrom ? [] : this.extraFigures),
    ]).map((figure) => figureSection(figure, caption, this.onExport, this.openTables));
    this.figures.replaceChildren(...sections.map((s) => s.section));
    this.drawn = sections.map(({ figure, body }) => ({ figure, body, width: 0 }));
    for (const d of this.drawn) this.draw(d);
    // The text summaries scan each figure's table: after the figures are on screen, not before.
    // A newer drawing replaced these sections meanwhile: their summaries are not needed (no counter of its own).
    setTimeout(() => {
      if (!sections.every(({ section }) => section.isConnected)) return;
      for (const { figure, body, summary, tableToggle } of sections) {
        try {
          summary.textContent = axisSummary(body) || tableSummary(figure.table());
        } catch {
          summary.textContent = '';
        }
        if (this.openTables.has(figure.id)) tableToggle.open();
      }
    }, 0);
  }

  private draw(d: Drawn): void {
    d.width = Math.floor(d.body.clientWidth) || 600;
    try {
      d.body.replaceChildren(this.renderAt(d, d.width));
      // A table wider than its column scrolls sideways: keyboard users reach it by Tab.
      if (d.body.querySelector(':scope > .data-table')) {
        d.body.tabIndex = 0;
        d.body.setAttribute('role', 'region');
        d.body.setAttribute('aria-label', `${d.figure.title} (scrolls sideways)`);
      }
      // A figure embed (fig=, controls=) fills its width; the whole-lab embed keeps its first figure short.
      if (document.body.classList.contains('embed') && !document.body.classList.contains('figure-embed'))
        this.fitHeight(d);
    } catch (error) {
      d.body.replaceChildren(
        h('p', { class: 'figure-error', role: 'alert' }, `This figure could not be drawn: ${(error as Error).message}`),
      );
    }
  }

  /**
   * Embed mode: a figure taller than EMBED_FIGURE_MAX_HEIGHT is redrawn narrower (heatmaps are about
   * as tall as wide), so the first figure fits a short frame. A figure whose height does not follow
   * its width (a fixed-height chart) keeps its full width.
   */
  private fitHeight(d: Drawn): void {
    const full = d.body.getBoundingClientRect().height;
    let width = d.width,
      height = full;
    for (let k = 0; k < 3 && height > EMBED_FIGURE_MAX_HEIGHT + 4; k++) {
      width = Math.max(200, Math.floor((width * EMBED_FIGURE_MAX_HEIGHT) / height));
      d.body.replaceChildren(this.renderAt(d, width));
      height = d.body.getBoundingClientRect().height;
      if (width === 200) break;
    }
    // narrower did not help
    if (width !== d.width && height > full - 8) d.body.replaceChildren(this.renderAt(d, d.width));
  }

  /** The figure at `width`, with the previous run faded behind it when comparing. */
  private renderAt(d: Drawn, width: number): HTMLElement | SVGElement {
    return d.figure.render({ width, ghost: this.compare ? this.ghosts.ghostFor(d.figure.id) : undefined });
  }

  /** Draws every shown figure again (after a theme change: figures carry explicit colours). */
  redrawAll(): void {
    for (const d of this.drawn) this.draw(d);
  }

  private redrawIfResized(): void {
    for (const d of this.drawn) if (Math.abs(Math.floor(d.body.clientWidth) - d.width) > 8) this.draw(d);
  }
}
