// SPDX-License-Identifier: Apache-2.0
// A study's windows over a few workers (web/src/engine/window-schedule.ts), with fake steps the test settles in the
// order it chooses: the runs come back in window order whichever worker finished first (so the core's merge gets
// what the sequential study gives it), each worker takes the next window as it frees up, reads go one at a time in
// window order and never run more than `inHand` windows ahead, a Stop keeps exactly the finished windows and names
// the workers caught mid-window, and a failure rejects the schedule without leaving a rejection unhandled.
import { describe, expect, it } from 'vitest';
import { scheduleWindows } from '../../web/src/engine/window-schedule';

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void, reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/** Lets every settled promise's reactions run (the schedule's next dispatch included). */
const settleDown = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Two runs a window, as a window at two ε: "3@0.05", "3@0.1". */
const runsOf = (window: number) => [`${window}@0.05`, `${window}@0.1`];

/**
 * Fake steps: reads answer at once unless `heldReads` (then the test settles them); each analysis waits for the test.
 * Records who analysed which window, the reads in order, the progress reported and the most windows ever in hand.
 */
function fakeSteps(heldReads = false) {
  const analyses = new Map<number, Deferred<string[]>>();
  const reads = new Map<number, Deferred<string>>();
  const log = { analysed: [] as string[], read: [] as number[], progress: [] as [number, number][], maxHeld: 0 };
  let held = 0,
    readsOpen = 0;
  const steps = {
    read(window: number) {
      log.read.push(window);
      held++;
      readsOpen++;
      log.maxHeld = Math.max(log.maxHeld, held);
      expect(readsOpen).toBe(1); // the model's worker reads one window at a time
      const d = deferred<string>();
      reads.set(window, d);
      if (!heldReads) d.resolve(`heads of ${window}`);
      return d.promise.finally(() => readsOpen--);
    },
    analyse(worker: number, window: number, input: string) {
      expect(input).toBe(`heads of ${window}`);
      log.analysed.push(`worker ${worker}: window ${window}`);
      const d = deferred<string[]>();
      analyses.set(window, d);
      return d.promise.finally(() => held--);
    },
    progress(finished: number, first: number) {
      log.progress.push([finished, first]);
    },
  };
  const finish = async (window: number) => {
    analyses.get(window)!.resolve(runsOf(window));
    await settleDown();
  };
  return { steps, log, analyses, reads, finish };
}

describe('windows over two workers', () => {
  it('gives the runs in window order when the workers finish out of order', async () => {
    const fake = fakeSteps();
    const running = scheduleWindows({ windows: 5, workers: 2, inHand: 2 }, fake.steps, new Promise(() => {}));
    await settleDown();
    expect(fake.log.analysed).toEqual(['worker 0: window 0', 'worker 1: window 1']);
    for (const w of [1, 2, 3, 0, 4]) await fake.finish(w);
    const out = await running;
    expect(out).toEqual({
      finished: [0, 1, 2, 3, 4],
      runs: [0, 1, 2, 3, 4].flatMap(runsOf),
      stopped: false,
      abandoned: [],
    });
    // Worker 1 took each next window as it freed up while worker 0 was still on window 0.
    expect(fake.log.analysed).toEqual([
      'worker 0: window 0',
      'worker 1: window 1',
      'worker 1: window 2',
      'worker 1: window 3',
      'worker 1: window 4',
    ]);
    expect(fake.log.read).toEqual([0, 1, 2, 3, 4]);
    expect(fake.log.maxHeld).toBe(2);
    // Finished windows counted up one at a time, beside the furthest window taken in hand (window 0 finishing last).
    expect(fake.log.progress).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
      [5, 4],
    ]);
  });

  it('gives the runs one worker gives, in the same order', async () => {
    const delays = [7, 1, 4, 0, 9, 2, 3];
    const steps = {
      read: async (w: number) => `heads of ${w}`,
      analyse: (_: number, w: number) => new Promise<string[]>((res) => setTimeout(() => res(runsOf(w)), delays[w])),
    };
    const alone = await scheduleWindows({ windows: 7, workers: 1, inHand: 2 }, steps, new Promise(() => {}));
    const pooled = await scheduleWindows({ windows: 7, workers: 2, inHand: 2 }, steps, new Promise(() => {}));
    expect(pooled.runs).toEqual(alone.runs);
    expect(alone.runs).toEqual([0, 1, 2, 3, 4, 5, 6].flatMap(runsOf));
  });
});

describe('the model reads ahead, boundedly', () => {
  it('one worker: the next window is read while the last one is analysed, never two ahead', async () => {
    const fake = fakeSteps(true);
    const running = scheduleWindows({ windows: 3, workers: 1, inHand: 2 }, fake.steps, new Promise(() => {}));
    await settleDown();
    expect(fake.log.read).toEqual([0]);
    fake.reads.get(0)!.resolve('heads of 0');
    await settleDown();
    expect(fake.log.analysed).toEqual(['worker 0: window 0']);
    expect(fake.log.read).toEqual([0, 1]); // read while window 0 is analysed
    fake.reads.get(1)!.resolve('heads of 1');
    await settleDown();
    expect(fake.log.read).toEqual([0, 1]); // two in hand: window 2 waits
    await fake.finish(0);
    expect(fake.log.analysed).toEqual(['worker 0: window 0', 'worker 0: window 1']);
    expect(fake.log.read).toEqual([0, 1, 2]);
    fake.reads.get(2)!.resolve('heads of 2');
    await fake.finish(1);
    await fake.finish(2);
    expect((await running).runs).toEqual([0, 1, 2].flatMap(runsOf));
    expect(fake.log.maxHeld).toBe(2);
  });
});

describe('Stop', () => {
  it('keeps only the finished windows, in window order, and names the workers caught mid-window', async () => {
    const fake = fakeSteps();
    let stop!: () => void;
    const running = scheduleWindows(
      { windows: 6, workers: 2, inHand: 2 },
      fake.steps,
      new Promise<void>((res) => (stop = res)),
    );
    await settleDown();
    await fake.finish(1); // window 0 still running on worker 0; worker 1 takes window 2
    await fake.finish(2); // then window 3
    stop();
    const out = await running;
    expect(out).toEqual({ finished: [1, 2], runs: [1, 2].flatMap(runsOf), stopped: true, abandoned: [0, 1] });
    fake.analyses.get(0)!.resolve(runsOf(0)); // an abandoned window finishing later changes nothing
    await settleDown();
    expect(out.finished).toEqual([1, 2]);
  });

  it('a free worker is not abandoned; a Stop before any window finishes keeps none', async () => {
    const fake = fakeSteps();
    let stop!: () => void;
    const stopped = new Promise<void>((res) => (stop = res));
    const running = scheduleWindows({ windows: 2, workers: 2, inHand: 2 }, fake.steps, stopped);
    await settleDown();
    await fake.finish(1);
    stop();
    expect(await running).toEqual({ finished: [1], runs: runsOf(1), stopped: true, abandoned: [0] });
    const none = scheduleWindows({ windows: 3, workers: 2, inHand: 2 }, fakeSteps().steps, stopped);
    expect(await none).toEqual({ finished: [], runs: [], stopped: true, abandoned: [] });
  });
});

describe('a failure', () => {
  it('rejects with its error; the other worker failing later leaves nothing unhandled', async () => {
    const fake = fakeSteps();
    const running = scheduleWindows({ windows: 4, workers: 2, inHand: 2 }, fake.steps, new Promise(() => {}));
    await settleDown();
    fake.analyses.get(1)!.reject(new Error('rank-zoo: out of memory'));
    await expect(running).rejects.toThrow('rank-zoo: out of memory');
    fake.analyses.get(0)!.reject(new Error('terminated'));
    await settleDown();
  });

  it('a failed read rejects too', async () => {
    const steps = {
      read: async (w: number) => {
        if (w === 1) throw new Error('the model’s heads could not be read');
        return `heads of ${w}`;
      },
      analyse: async (_: number, w: number) => runsOf(w),
    };
    const running = scheduleWindows({ windows: 3, workers: 2, inHand: 2 }, steps, new Promise(() => {}));
    await expect(running).rejects.toThrow('the model’s heads could not be read');
  });
});
