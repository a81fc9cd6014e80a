// Main-thread side of reading a user file: the bytes go to a short-lived core worker, where the core's
// one parser (the same as the native CLI's) checks them against the experiment's input rule.
import * as Comlink from 'comlink';
import type { InputArray } from './core';
import { coreWorker } from './worker-runner';

export type InputReading = { ok: true; value: InputArray } | { ok: false; error: string };

export async function parseInputOffThread(experimentId: string, input: string, file: File, budgetMiB: number): Promise<InputReading> {
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
