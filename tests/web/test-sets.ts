// SPDX-License-Identifier: Apache-2.0
// The parameter sets each experiment declares beside its parameters (wasm/core/lab/experiment.hpp,
// declareTestSets), as the native CLI prints them (`attnlab --test-sets`): the tests iterate these instead of
// keeping a table of experiments.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export type SetParams = Record<string, string | number | boolean | (string | number)[]>;

export interface TestSets {
  cheap: SetParams;
  showingData?: SetParams;
  drawsNoRandomData?: boolean;
  memory?: SetParams[];
  reference?: { label: string; params: SetParams; upload?: { input: string; file: string } }[];
  view?: SetParams;
  sharded?: SetParams;
  timing?: SetParams[];
  corrupt?: { pointer: string; value: unknown };
}

// __dirname, not import.meta.url: the happy-dom tests' module URLs are not file: URLs.
export const cli = join(__dirname, '../../build/native/attnlab');

/** Every experiment's test sets by id, in registry order. */
export function testSets(binary = cli): Record<string, TestSets> {
  return JSON.parse(execFileSync(binary, ['--test-sets'], { encoding: 'utf8' })) as Record<string, TestSets>;
}

/** The CLI's key=value arguments for a set, lists comma-separated (as scripts/gen-tables.mjs gives them). */
export const cliArgs = (params: SetParams): string[] =>
  Object.entries(params).map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : String(v)}`);

/** A set as strings, as a link or the CLI gives them (lists comma-separated). */
export const asStrings = (params: SetParams): Record<string, string> =>
  Object.fromEntries(cliArgs(params).map((arg) => [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]));
