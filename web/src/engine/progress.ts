// SPDX-License-Identifier: Apache-2.0
// The one progress throttle of a core's worker (worker-api.ts), the same in the page's Web Workers and in Node's
// worker_threads: every progress report crosses a thread boundary as a message, and the core reports after every
// small step (thousands a second on a sweep's short jobs), which would keep the receiving thread busy for nothing.
import type { ProgressCallback } from './core';

/** At most one report per 50 ms (20 a second): smoother than any progress bar or percentage needs. */
export const PROGRESS_INTERVAL_MS = 50;

/**
 * onProgress called at most every PROGRESS_INTERVAL_MS, and always for the last step (done >= total) and for a new
 * label (a long step's name should show as it starts). The core's answer is always "go on": Stop terminates the worker.
 */
export function throttleProgress(
  onProgress: ((done: number, total: number, label: string) => unknown) | undefined,
  now: () => number = () => performance.now(),
): ProgressCallback {
  let last = -Infinity;
  let lastLabel: string | undefined;
  return (done, total, label) => {
    const t = now();
    if (onProgress && (t - last >= PROGRESS_INTERVAL_MS || done >= total || label !== lastLabel)) {
      last = t;
      lastLabel = label;
      void onProgress(done, total, label);
    }
    return true;
  };
}
