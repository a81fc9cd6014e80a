// SPDX-License-Identifier: Apache-2.0
// A CoreError crosses the Web Worker boundary whole: Comlink's own handler of thrown values keeps only an
// Error's name, message and stack, so the page would lose whether the input was bad and which parameter
// or input the refusal is about (CoreError.badInput, .key). Both ends (worker.ts or node-worker.ts, and
// worker-runner.ts or node-worker-runner.ts) call keepCoreErrors() before any message is sent.
import * as Comlink from 'comlink';
import { CoreError } from './core';

interface ThrownWire {
  isError?: boolean;
  value: unknown;
  badInput?: boolean;
  key?: string;
}
type ThrowHandler = Comlink.TransferHandler<{ value: unknown }, ThrownWire>;

let kept = false;

export function keepCoreErrors(): void {
  if (kept) return;
  const base = Comlink.transferHandlers.get('throw') as ThrowHandler | undefined;
  if (!base) return;
  kept = true;
  const handler: ThrowHandler = {
    canHandle: (value): value is { value: unknown } => base.canHandle(value),
    serialize(thrown) {
      const [wire, transfers] = base.serialize(thrown);
      const error = thrown.value;
      return error instanceof CoreError
        ? [{ ...wire, badInput: error.badInput, key: error.key }, transfers]
        : [wire, transfers];
    },
    deserialize(wire) {
      try {
        return base.deserialize(wire);
      } catch (error) {
        if (error instanceof Error && error.name === 'CoreError')
          throw new CoreError(error.message, wire.badInput === true, wire.key);
        throw error;
      }
    },
  };
  Comlink.transferHandlers.set('throw', handler);
}
