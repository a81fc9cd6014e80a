// SPDX-License-Identifier: Apache-2.0
// The run state (ui/run/page-state.ts) drawn into the page: the status line and body[data-status] (through
// StatusView), the Stop button, and body[data-live-superseded]. Only the change from `prev` is drawn;
// a new run (a new ticket while running) restarts the progress and the elapsed time.
import { stoppable, type PageState } from '../run/page-state';
import type { StatusView } from './status';

export function renderPage(
  prev: PageState | undefined,
  next: PageState,
  view: { status: StatusView; stopButton: HTMLButtonElement },
): void {
  const restarted = next.phase === 'running' && prev?.ticket !== next.ticket;
  if (!prev || prev.phase !== next.phase || prev.detail !== next.detail || restarted)
    view.status.set(next.phase, next.detail);
  view.stopButton.disabled = !stoppable(next);
  if (next.superseded) document.body.dataset.liveSuperseded = String(next.superseded);
}
