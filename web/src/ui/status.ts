// The run's visible state: body[data-status] (end-to-end tests wait on it), the progress bar and
// its text, the error area (role=alert) and the notice area (role=status).
import { byId, h } from './dom';

export type RunStatus = 'idle' | 'running' | 'done' | 'error' | 'stopped';

export class StatusView {
  private progress = byId<HTMLProgressElement>('progress');
  private progressText = byId('progress-text');
  private error = byId('error');
  private notice = byId('notice');
  private started = 0;

  set(status: RunStatus, detail = ''): void {
    document.body.dataset.status = status;
    const seconds = ((performance.now() - this.started) / 1000).toFixed(1);
    if (status === 'running') {
      this.started = performance.now();
      this.setProgress(0);
      this.progressText.textContent = 'Running…';
    } else if (status === 'done') {
      this.setProgress(1);
      this.progressText.textContent = `Done in ${seconds} s${detail}`;
    } else if (status === 'stopped') {
      this.progressText.textContent = `Stopped after ${seconds} s${detail}`;
    } else if (status === 'error') {
      this.progressText.textContent = 'Failed';
    } else {
      this.progressText.textContent = 'Ready';
    }
  }

  setProgress(fraction: number, detail = ''): void {
    const f = Math.max(0, Math.min(1, fraction));
    this.progress.value = f;
    this.progress.setAttribute('aria-valuenow', String(Math.round(100 * f)));
    this.progress.setAttribute('aria-valuetext', `${Math.round(100 * f)}%`);
    if (document.body.dataset.status === 'running') {
      const seconds = ((performance.now() - this.started) / 1000).toFixed(1);
      this.progressText.textContent = `Running… ${Math.round(100 * f)}% · ${seconds} s${detail}`;
    }
  }

  showError(message: string): void {
    this.error.replaceChildren(h('strong', {}, 'Error: '), message);
    this.error.hidden = false;
  }

  clearError(): void {
    this.error.replaceChildren();
    this.error.hidden = true;
  }

  /** Replaces the notices; an empty list hides the area. */
  showNotices(messages: string[]): void {
    this.notice.replaceChildren();
    if (messages.length === 0) { this.notice.hidden = true; return; }
    this.notice.append(h('ul', {}, ...messages.map((m) => h('li', {}, m))));
    this.notice.hidden = false;
  }
}
