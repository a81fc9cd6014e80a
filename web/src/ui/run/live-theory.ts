// SPDX-License-Identifier: Apache-2.0
// Live theory: while a control moves, the experiment's theory curves (closed forms in the core) are
// recomputed in a worker of their own and drawn over the last simulation, which stays marked as
// belonging to the previous parameters. One request in flight; newer requests replace queued ones.
import type * as Comlink from 'comlink';
import type { Params } from '../../engine/core';
import type { AnyResult, ExperimentId } from '../../experiments/generated';
import type { WorkerApi } from '../../engine/worker-api';
import type { Stamp } from './page-state';
import { coreWorker } from '../../engine/worker-runner';

/** values: the panel's values the params came from, handed back with the theory; stamp: the page's when asked. */
export type TheoryRequest = { id: ExperimentId; params: Params; stamp: Stamp; values: Record<string, unknown> };
/** theory: some of the result's keys (the core's theory function), to merge over the shown result. */
type TheoryHandler = (request: TheoryRequest, theory: Partial<AnyResult>) => void;

export class LiveTheory {
  private api: Comlink.Remote<WorkerApi> | undefined;
  private worker: Worker | undefined;
  private busy = false;
  private queued: TheoryRequest | undefined;

  constructor(
    private readonly onTheory: TheoryHandler,
    private readonly onError: (error: Error) => void = () => undefined,
  ) {}

  private remote(): Comlink.Remote<WorkerApi> {
    if (!this.api) ({ worker: this.worker, api: this.api } = coreWorker()); // a worker of its own: runs never delay it
    return this.api;
  }

  request(request: TheoryRequest): void {
    this.queued = request;
    if (!this.busy) void this.drain();
  }

  private async drain(): Promise<void> {
    this.busy = true;
    try {
      while (this.queued) {
        const next = this.queued;
        this.queued = undefined;
        try {
          this.onTheory(next, await this.remote().theory(next.id, next.params));
        } catch (error) {
          this.onError(error as Error); // e.g. a value the core refuses: the figures stay as they are
        }
      }
    } finally {
      this.busy = false;
    }
  }

  dispose(): void {
    this.worker?.terminate();
    this.worker = undefined;
    this.api = undefined;
  }
}
