// SPDX-License-Identifier: Apache-2.0
// Recompute as you edit (web/src/ui/run/live-run.ts): edits within the debounce start one run; a run
// estimated over the threshold (after the device factor) never starts by itself; switching off
// cancels a scheduled run; the device factor is the median of the recent measured/estimated ratios.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_DEBOUNCE_MS, LIVE_SECONDS, LiveRuns } from '../../web/src/ui/run/live-run';

describe('LiveRuns', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  // The page's stamp (ui/run/page-state.ts) stands in as a counter the test moves: an edit or a newer run.
  function setup(estimate: number | undefined, enabled = { on: true }) {
    const start = vi.fn();
    const page = { edits: 0 };
    const live = new LiveRuns(
      {
        estimate: async () => estimate,
        start,
        stamp: () => ({ ticket: 0, edits: page.edits }),
        fresh: (stamp) => stamp.edits === page.edits,
      },
      () => enabled.on,
    );
    return { live, start, enabled, page };
  }

  it("an estimate made stale by an edit (the page's stamp) starts nothing", async () => {
    let release: (seconds: number) => void = () => undefined;
    const start = vi.fn();
    const page = { edits: 0 };
    const live = new LiveRuns(
      {
        estimate: () =>
          new Promise<number>((resolve) => {
            release = resolve;
          }),
        start,
        stamp: () => ({ ticket: 0, edits: page.edits }),
        fresh: (stamp) => stamp.edits === page.edits,
      },
      () => true,
    );
    live.schedule();
    await vi.advanceTimersByTimeAsync(LIVE_DEBOUNCE_MS);
    page.edits++; // an edit while the plan is asked for
    release(0.01);
    await vi.advanceTimersByTimeAsync(0);
    expect(start).not.toHaveBeenCalled();
  });

  it('edits within the debounce start one run, after the panel is still', async () => {
    const { live, start } = setup(0.05);
    live.schedule();
    await vi.advanceTimersByTimeAsync(LIVE_DEBOUNCE_MS / 2);
    live.schedule();
    await vi.advanceTimersByTimeAsync(LIVE_DEBOUNCE_MS / 2);
    expect(start).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(LIVE_DEBOUNCE_MS);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('a run estimated over the threshold waits for Run; an unknown estimate too', async () => {
    for (const estimate of [LIVE_SECONDS * 1.01, undefined]) {
      const { live, start } = setup(estimate);
      live.schedule();
      await vi.advanceTimersByTimeAsync(LIVE_DEBOUNCE_MS * 2);
      expect(start).not.toHaveBeenCalled();
    }
  });

  it('switching off, or a run started by Run, cancels a scheduled live run', async () => {
    const a = setup(0.01);
    a.live.schedule();
    a.enabled.on = false;
    await vi.advanceTimersByTimeAsync(LIVE_DEBOUNCE_MS * 2);
    expect(a.start).not.toHaveBeenCalled();
    const b = setup(0.01);
    b.live.schedule();
    b.live.cancel();
    await vi.advanceTimersByTimeAsync(LIVE_DEBOUNCE_MS * 2);
    expect(b.start).not.toHaveBeenCalled();
  });

  it('a slow device (measured 4× the estimate) no longer starts a run estimated at 0.1 s', async () => {
    const { live, start } = setup(0.1);
    expect(live.deviceFactor()).toBe(1);
    for (const [e, m] of [
      [0.1, 0.4],
      [0.2, 0.8],
      [0.05, 0.2],
      [0.1, 5],
      [0.1, 0.01],
    ])
      live.record(e, m);
    expect(live.deviceFactor()).toBe(4); // median of 4, 4, 4, 50, 0.1
    live.schedule();
    await vi.advanceTimersByTimeAsync(LIVE_DEBOUNCE_MS * 2);
    expect(start).not.toHaveBeenCalled();
    live.record(undefined, 1); // no estimate: not counted
    live.record(0, 1);
    expect(live.deviceFactor()).toBe(4);
  });
});
