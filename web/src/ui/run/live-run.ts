// SPDX-License-Identifier: Apache-2.0
// Recompute as you edit: after a change settles, a run whose estimated time here is under LIVE_SECONDS
// starts by itself; a newer change supersedes it. The estimate is the core's cost model (the plan's
// estimatedSeconds, times the wasm factor in engine/estimate.ts), corrected by how fast this device has
// been on the runs so far. Longer runs wait for Run, as before. The full page has a switch for it
// (remembered in localStorage, like the theme); an embed always recomputes live.
import type { Stamp } from './page-state';
import { rememberedSwitch } from '../remembered-switch';

/** A run estimated under this many seconds here starts by itself after an edit. */
export const LIVE_SECONDS = 0.3;
/** An edit starts its run once the panel has been still this long (a slider drag is many edits). */
export const LIVE_DEBOUNCE_MS = 200;
const STORAGE_KEY = 'attnlab:live';
/** How many recent runs set the device factor (their median measured / estimated time). */
const HISTORY = 5;

interface LiveRunHooks {
  /**
   * The run's estimated wall time here from the core's plan, or undefined when the panel is invalid or the plan
   * refuses.
   */
  estimate(): Promise<number | undefined>;
  /** Starts the run (superseding any run in flight). */
  start(): void;
  /** The page's stamp now (ui/run/page-state.ts): no counter here; an edit or a newer run makes an estimate stale. */
  stamp(): Stamp;
  fresh(stamp: Stamp): boolean;
}

export class LiveRuns {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private ratios: number[] = [];

  constructor(
    private readonly hooks: LiveRunHooks,
    private readonly enabled: () => boolean,
  ) {}

  /** After an edit: waits for the panel to settle, then starts the run if it is quick enough. */
  schedule(): void {
    clearTimeout(this.timer);
    if (!this.enabled()) return;
    this.timer = setTimeout(async () => {
      if (!this.enabled()) return; // switched off meanwhile
      const stamp = this.hooks.stamp();
      const seconds = await this.hooks.estimate().catch(() => undefined);
      if (!this.hooks.fresh(stamp) || seconds === undefined || !this.enabled()) return;
      if (seconds * this.deviceFactor() <= LIVE_SECONDS) this.hooks.start();
    }, LIVE_DEBOUNCE_MS);
  }

  /**
   * A run started by other means (Run, a link) supersedes a scheduled live run (one estimating is stale by its stamp).
   */
  cancel(): void {
    clearTimeout(this.timer);
  }

  /** A finished run's estimated and measured wall time (seconds): the device factor follows them. */
  record(estimated: number | undefined, measured: number): void {
    if (!estimated || !(estimated > 0) || !(measured > 0)) return;
    this.ratios = [...this.ratios, measured / estimated].slice(-HISTORY);
  }

  /** Measured / estimated time on this device so far (median of the last runs); 1 before any. */
  deviceFactor(): number {
    if (!this.ratios.length) return 1;
    const sorted = [...this.ratios].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
  }
}

/** The full page's "Recompute as I edit" switch: on unless the reader turned it off. */
export function wireLiveSwitch(box: HTMLInputElement): () => boolean {
  rememberedSwitch(box, STORAGE_KEY);
  return () => box.checked;
}
