// SPDX-License-Identifier: Apache-2.0
// The run's visible state: body[data-status] (end-to-end tests wait on it), the progress bar and
// its text, the error area (role=alert) and the notice area (role=status). While a run is live the
// elapsed time ticks on the main thread, so a long step that reports nothing never looks hung.
import { byId, h } from '../dom';

/**
 * 'waiting': not started — an embedded view not scrolled into view yet (it computes once it is), or a link whose run
 * is estimated long enough to ask first (it starts when Run is pressed); 'opened': figures from a result file;
 * 'precomputed': a preset link's result shipped with the site (a live run gives the same; Run computes it).
 */
/** The detail of a link waiting for its heads (a model's, or files), not for Run. */
export const HEADS_WAIT = 'heads';

export type RunStatus = 'idle' | 'waiting' | 'running' | 'done' | 'error' | 'stopped' | 'opened' | 'precomputed';

/** How often the elapsed time is redrawn while running (ms). */
const TICK_MS = 250;
/** A notice or error echoes at most this many characters of any one value. */
export const MAX_VALUE_CHARS = 80;
/** A notice or error line is at most this long. */
export const MAX_LINE_CHARS = 200;

/** "Running… 38 % · 12.3 s · singular values of a 4096 × 4096 matrix" (the label last: it may be cut). */
export function runningText(fraction: number, seconds: number, label = ''): string {
  const percent = Math.round(100 * Math.max(0, Math.min(1, fraction)));
  return `Running… ${percent} % · ${seconds.toFixed(1)} s${label ? ` · ${label}` : ''}`;
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * One line of a notice or error as shown: newlines folded, every quoted value and every long
 * unbroken run (a pasted blob, a huge number) cut to MAX_VALUE_CHARS, the line to MAX_LINE_CHARS.
 * The messages come from the URL codec and the core, which echo what they were given.
 */
export function clipMessage(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim();
  const values = line
    .replace(/"([^"]*)"/g, (_, value: string) => `"${cut(value, MAX_VALUE_CHARS)}"`)
    .replace(/'([^'\s]{20,})'/g, (_, value: string) => `'${cut(value, MAX_VALUE_CHARS)}'`)
    .replace(/[^\s"']{81,}/g, (run) => cut(run, MAX_VALUE_CHARS));
  return cut(values, MAX_LINE_CHARS);
}

export class StatusView {
  private progress = byId<HTMLProgressElement>('progress');
  private progressText = byId('progress-text');
  private error = byId('error');
  private notice = byId('notice');
  private started = 0;
  private fraction = 0;
  private label = '';
  /** The status last shown (the DOM's data-status is written from it, never read back). */
  private shown: RunStatus = 'idle';
  private ticker: ReturnType<typeof setInterval> | undefined;
  private settle!: () => void;
  /**
   * Resolves the first time the page shows something finished (figures, an error, a wait for Run), or
   * markSettled says it has nothing to compute: what must not be slowed down comes before it.
   */
  readonly settled = new Promise<void>((resolve) => {
    this.settle = resolve;
  });

  markSettled(): void {
    this.settle();
  }

  set(status: RunStatus, detail = ''): void {
    this.shown = status;
    document.body.dataset.status = status;
    if (status !== 'idle' && status !== 'running') this.settle();
    const seconds = this.elapsed().toFixed(1);
    this.stopTicking();
    this.progressText.title = '';
    if (status === 'running') {
      this.started = performance.now();
      this.label = '';
      this.setProgress(0);
      this.ticker = setInterval(() => this.drawRunning(), TICK_MS);
    } else if (status === 'done') {
      this.setProgress(1);
      this.progressText.textContent = `Done in ${seconds} s${detail}`;
    } else if (status === 'stopped') {
      this.progressText.textContent = `Stopped after ${seconds} s${detail}`;
    } else if (status === 'error') {
      this.progressText.textContent = 'Failed';
    } else if (status === 'opened') {
      this.setProgress(1);
      this.progressText.textContent = `Opened from a file${detail}`;
    } else if (status === 'precomputed') {
      this.setProgress(1);
      this.progressText.textContent = 'Computed in advance for this link';
    } else if (status === 'waiting') {
      this.setProgress(0);
      // With a detail (the estimate) the run waits for Run; without, for the embed to be scrolled into view; a link
      // whose heads are not given yet (a model to open, files to choose), for them.
      this.progressText.textContent =
        detail === HEADS_WAIT
          ? 'Not started: the heads are not given yet'
          : detail
            ? `Not started${detail}: press Run`
            : 'Computes when scrolled into view';
    } else {
      this.progressText.textContent = 'Ready';
    }
  }

  /**
   * The fraction done and, optionally, what the current step is doing ("singular values of a
   * 4096 × 4096 matrix"); the label stays until the next call that gives one or the next run.
   */
  setProgress(fraction: number, label?: string): void {
    const f = Math.max(0, Math.min(1, fraction));
    this.fraction = f;
    if (label !== undefined) this.label = label;
    this.progress.value = f;
    this.progress.setAttribute('aria-valuenow', String(Math.round(100 * f)));
    this.progress.setAttribute('aria-valuetext', `${Math.round(100 * f)}%${this.label ? `, ${this.label}` : ''}`);
    this.drawRunning();
  }

  showError(message: string): void {
    this.error.replaceChildren(h('strong', {}, 'Error: '), clipMessage(message));
    this.error.title = message.slice(0, 2000);
    this.error.hidden = false;
  }

  clearError(): void {
    this.error.replaceChildren();
    this.error.removeAttribute('title');
    this.error.hidden = true;
  }

  /** Whether the notices on screen are about a moment that passes ("Link copied", "Press Run to start it"). */
  private transient = false;

  /**
   * Replaces the notices; an empty list hides the area. Each line is clipped (clipMessage). `transient`: they answer
   * one action or wait for one (a copy, a Run): the next run removes them (clearTransient).
   */
  showNotices(messages: string[], transient = false): void {
    this.transient = transient;
    this.notice.replaceChildren();
    if (messages.length === 0) {
      this.notice.hidden = true;
      return;
    }
    this.notice.append(
      h(
        'ul',
        {},
        ...messages.map((m) =>
          h('li', { title: m.length > MAX_LINE_CHARS ? m.slice(0, 2000) : undefined }, clipMessage(m)),
        ),
      ),
    );
    this.notice.hidden = false;
  }

  /** At the start of a run: notices that answered an earlier action go. */
  clearTransient(): void {
    if (this.transient) this.showNotices([]);
  }

  /** A notice with text the user must copy by hand (a link, an embed snippet): shown whole, selectable. */
  showCopyText(message: string, text: string): void {
    const box = h('textarea', { readonly: true, rows: 3, class: 'copy-text', 'aria-label': message });
    box.value = text;
    this.notice.replaceChildren(h('p', {}, clipMessage(message)), box);
    this.notice.hidden = false;
    box.select();
  }

  private elapsed(): number {
    return (performance.now() - this.started) / 1000;
  }

  private drawRunning(): void {
    if (this.shown !== 'running') return;
    this.progressText.textContent = runningText(this.fraction, this.elapsed(), this.label);
    this.progressText.title = this.label; // the line may be cut on a narrow panel
  }

  private stopTicking(): void {
    if (this.ticker !== undefined) clearInterval(this.ticker);
    this.ticker = undefined;
  }
}
