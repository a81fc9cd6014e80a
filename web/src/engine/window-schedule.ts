// SPDX-License-Identifier: Apache-2.0
// A study's windows spread over a few workers (ui/corpus/corpus-run.ts): one reader (the model's worker) reads each
// window's input in window order, one at a time, while the workers analyse the windows already read, each taking the
// next one as it frees up. At most `inHand` windows are read or being read and not yet analysed (their head stacks
// are large), and the runs come back in window order whichever worker finished first, so the merge gets them as the
// sequential study gives them. A Stop keeps the finished windows and names the workers it abandoned mid-window.

/** The study's steps: a window's input read (in order, one at a time) and analysed by one worker into its runs. */
export interface WindowSteps<Input, Run> {
  read(window: number): Promise<Input>;
  analyse(worker: number, window: number, input: Input): Promise<Run[]>;
  /**
   * Called at the start and after each window finishes: how many have, and the furthest window taken in hand (the
   * last one the reader started: windows are taken in order, so it only grows).
   */
  progress?(finished: number, reached: number): void;
}

/** The windows finished (ascending), their runs in window order, and after a Stop the workers busy when it came. */
interface Scheduled<Run> {
  finished: number[];
  runs: Run[];
  stopped: boolean;
  abandoned: number[];
}

/** What the schedule waits on: a read, a worker's window, or the Stop; a failure carried as a value. */
type Settled<Input, Run> =
  | { kind: 'read'; window: number; input?: Input; error?: unknown; failed: boolean }
  | { kind: 'analysed'; worker: number; window: number; runs?: Run[]; error?: unknown; failed: boolean }
  | { kind: 'stopped' };

/** A promise that never rejects: its failure comes back as a value (nothing is left unhandled when one fails). */
const settle = <T, S>(promise: Promise<T>, done: (value: T) => S, fail: (error: unknown) => S): Promise<S> =>
  promise.then(done, fail);

/** The bookkeeping of one schedule: free workers, the windows read and waiting, the pending reads and analyses. */
function scheduleState<Input, Run>(windows: number, workers: number) {
  return {
    free: Array.from({ length: workers }, (_, w) => w),
    ready: [] as { window: number; input: Input }[],
    reading: undefined as Promise<Settled<Input, Run>> | undefined,
    working: new Map<number, { window: number; settled: Promise<Settled<Input, Run>> }>(),
    runsOf: new Map<number, Run[]>(),
    next: 0,
    windows,
  };
}
type ScheduleState<Input, Run> = ReturnType<typeof scheduleState<Input, Run>>;

/** Hands the windows read to free workers, and starts the next read when fewer than `inHand` windows are in hand. */
function dispatch<Input, Run>(s: ScheduleState<Input, Run>, steps: WindowSteps<Input, Run>, inHand: number): void {
  while (s.ready.length && s.free.length) {
    const { window, input } = s.ready.shift()!;
    const worker = s.free.shift()!;
    const settled = settle<Run[], Settled<Input, Run>>(
      steps.analyse(worker, window, input),
      (runs) => ({ kind: 'analysed', worker, window, runs, failed: false }),
      (error) => ({ kind: 'analysed', worker, window, error, failed: true }),
    );
    s.working.set(worker, { window, settled });
  }
  const held = (s.reading ? 1 : 0) + s.ready.length + s.working.size;
  if (!s.reading && s.next < s.windows && held < inHand) {
    const window = s.next++;
    s.reading = settle<Input, Settled<Input, Run>>(
      steps.read(window),
      (input) => ({ kind: 'read', window, input, failed: false }),
      (error) => ({ kind: 'read', window, error, failed: true }),
    );
  }
}

/** The finished windows and their runs, in window order. */
function outcome<Run>(s: ScheduleState<unknown, Run>, stopped: boolean): Scheduled<Run> {
  const finished = [...s.runsOf.keys()].sort((a, b) => a - b);
  const abandoned = stopped ? [...s.working.keys()].sort((a, b) => a - b) : [];
  return { finished, runs: finished.flatMap((w) => s.runsOf.get(w)!), stopped, abandoned };
}

/**
 * Runs `shape.windows` windows over `shape.workers` workers until all are analysed or `stopped` settles (then at once:
 * reads and analyses under way are abandoned, their results dropped). A failed read or analysis rejects with its error.
 */
export async function scheduleWindows<Input, Run>(
  shape: { windows: number; workers: number; inHand: number },
  steps: WindowSteps<Input, Run>,
  stopped: Promise<void>,
): Promise<Scheduled<Run>> {
  const s = scheduleState<Input, Run>(shape.windows, Math.max(1, shape.workers));
  const stop = stopped.then((): Settled<Input, Run> => ({ kind: 'stopped' }));
  steps.progress?.(0, 0);
  for (;;) {
    dispatch(s, steps, Math.max(1, shape.inHand));
    const pending = [...s.working.values()].map((x) => x.settled);
    if (s.reading) pending.push(s.reading);
    if (!pending.length) return outcome(s, false);
    const event = await Promise.race([stop, ...pending]);
    if (event.kind === 'stopped') return outcome(s, true);
    if (event.failed) throw event.error;
    if (event.kind === 'read') {
      s.reading = undefined;
      s.ready.push({ window: event.window, input: event.input as Input });
    } else {
      s.working.delete(event.worker);
      s.free.push(event.worker);
      s.runsOf.set(event.window, event.runs!);
      steps.progress?.(s.runsOf.size, Math.max(0, s.next - 1));
    }
  }
}
