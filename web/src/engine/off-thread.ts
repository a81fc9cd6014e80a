// SPDX-License-Identifier: Apache-2.0
// Main-thread side of the core's one-off services: a short-lived core worker reads a user file with
// the core's one parser (the same as the native CLI's), checked against the experiment's input rule,
// or judges an opened result file against every experiment's declared result shape.
import * as Comlink from 'comlink';
import type { InputArray } from './core';
import { coreWorker } from './worker-runner';

type InputReading = { ok: true; value: InputArray } | { ok: false; error: string };

export async function parseInputOffThread(
  experimentId: string,
  input: string,
  file: File,
  budgetMiB: number,
): Promise<InputReading> {
  const { worker, api } = coreWorker();
  try {
    const bytes = await file.arrayBuffer();
    return await api.parseInput(experimentId, input, file.name, Comlink.transfer(bytes, [bytes]), budgetMiB);
  } catch (error) {
    return { ok: false, error: `could not read ${file.name}: ${(error as Error).message}` };
  } finally {
    worker.terminate();
  }
}

/** `value` against every experiment's declared result shape, by the core: {id: first mismatch, '' when it fits}. */
export async function resultMismatchesOffThread(value: unknown): Promise<Record<string, string>> {
  const { worker, api } = coreWorker();
  try {
    return await api.resultMismatches(JSON.stringify(value));
  } finally {
    worker.terminate();
  }
}
