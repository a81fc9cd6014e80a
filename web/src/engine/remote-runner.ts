// SPDX-License-Identifier: Apache-2.0
// The Runner of pool.ts over a core worker (worker-api.ts) called through Comlink: one mapping for the page's Web
// Workers (worker-runner.ts) and Node's worker_threads (node-worker-runner.ts); only how the worker starts differs.
import * as Comlink from 'comlink';
import type { ExperimentId, ResultOf } from '../experiments/generated';
import type { FinishedJob, Params } from './core';
import type { Runner } from './pool';
import type { WorkerApi } from './worker-api';

interface RemoteWorker {
  /** Starts the worker (once, at the runner's first call); preload: an experiment whose core it may load at once. */
  start(preload?: string): Promise<Comlink.Remote<WorkerApi>>;
  terminate(): void;
  /**
   * Rejects when the worker can no longer answer (it failed, or exited): its pending calls would otherwise wait
   * forever. The page leaves it out: its pool stops a run itself.
   */
  ended?: Promise<never>;
}

export function remoteRunner(remote: RemoteWorker): Runner {
  let started: Promise<Comlink.Remote<WorkerApi>> | undefined;
  const api = (preload?: string) => (started ??= remote.start(preload));
  /** One call to the worker; calls are posted in the order they are made (each waits on the same promise). */
  const call = <T>(use: (api: Comlink.Remote<WorkerApi>) => Promise<T>): Promise<T> => {
    const answer = api().then(use);
    if (!remote.ended) return answer;
    answer.catch(() => undefined); // a worker that ended first has already answered the call: no unhandled rejection
    return Promise.race([answer, remote.ended]);
  };
  return {
    // A new worker loads id's core as it starts (RemoteWorker.start); one that runs already is asked to.
    prepare: (id) => {
      const ready = started ? call((a) => a.prepare(id)) : api(id);
      ready.catch(() => undefined); // a failed start is reported by the next call
    },
    setInputs: (inputs) => call((a) => a.setInputs(inputs)),
    plan: (id, params) => call((a) => a.plan(id, params)),
    runJob: (id, job, onProgress) => call((a) => a.runJob(id, job, onProgress ? Comlink.proxy(onProgress) : undefined)),
    // Comlink's Remote type drops combine's type parameter (a union of every result comes back): the
    // worker's combine is Core.combine for this same id.
    combine: <Id extends ExperimentId>(id: Id, params: Params, finished: FinishedJob[]) =>
      call((a) => a.combine(id, params, finished) as Promise<ResultOf[Id]>),
    terminate: () => {
      if (started) remote.terminate();
    },
  };
}
