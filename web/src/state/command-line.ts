// SPDX-License-Identifier: Apache-2.0
// The command lines that reproduce a run elsewhere: the native CLI (`attnlab <id> key=value …`,
// wasm/cli/main.cpp) and the headless runner (`npm run lab -- <id> key=value …`). Both take the
// link's pairs: every non-default parameter in schema order and the seed always, values written as
// in the URL (lists comma-joined), and `<input>=<file>` for each user file, whose replaced parameters
// are left out as the page leaves them out. Quoted for a POSIX shell. DOM-free, tested in Node.
import { SEED_SPEC, uploadsOf, type ExperimentMeta, type ParamValues } from '../experiments/schema';
import type { ModelLink } from './model-link';
import { formatValue, sameValue } from './values';
import { urlSpecs } from './url';

/** A file the run used: the experiment's input name and the file's name (run the command where the file is). */
export interface UsedFile {
  input: string;
  name: string;
}

/** One argument for sh/bash/zsh: bare when it is made of safe characters, else in single quotes. */
export function shellQuote(arg: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(arg)) return arg;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** The arguments after the program: the experiment id, key=value pairs, then input=file pairs. */
export function runArgs(meta: ExperimentMeta, values: ParamValues, files: readonly UsedFile[] = []): string[] {
  const used = uploadsOf(meta).filter((spec) => files.some((f) => f.input === spec.input));
  const replaced = new Set(used.flatMap((spec) => spec.replaces ?? []));
  const args: string[] = [meta.id];
  for (const spec of urlSpecs(meta)) {
    if (replaced.has(spec.key)) continue;
    const value = values[spec.key] ?? spec.default;
    if (spec.key !== SEED_SPEC.key && sameValue(value, spec.default)) continue;
    args.push(`${spec.key}=${formatValue(value)}`);
  }
  for (const spec of used) args.push(`${spec.input}=${files.find((f) => f.input === spec.input)!.name}`);
  return args;
}

/** The native CLI line; `program` is how it is called (the README's build puts it at build/native/attnlab). */
export function nativeCommand(args: readonly string[], program = './build/native/attnlab'): string {
  return [program, ...args].map(shellQuote).join(' ');
}

/** The headless runner's line (Node, the browser's own wasm module), from a checkout of attnlab. */
export function labCommand(args: readonly string[]): string {
  return ['npm', 'run', 'lab', '--', ...args].map(shellQuote).join(' ');
}

/** The folder a model run's command names: the folder's own name when known (run it beside the folder). */
export const MODEL_FOLDER_PLACEHOLDER = 'path/to/model-folder';

/**
 * A run on a model's heads (the headless runner reads the folder itself): the experiment's pairs without the Q·K
 * scale and the parameters the heads replace (the model determines them), then model=, text= (not with weights
 * only), dropFirst=, lastLayer= and weights= as the link records them.
 */
export function modelRunArgs(meta: ExperimentMeta, values: ParamValues, model: ModelLink): string[] {
  const heads = uploadsOf(meta).filter((spec) => spec.input === 'q' || spec.input === 'k');
  const scaleKey = heads.find((spec) => spec.scaleParam)?.scaleParam;
  const scaleSpec = urlSpecs(meta).find((spec) => spec.key === scaleKey);
  const own = scaleSpec ? { ...values, [scaleSpec.key]: scaleSpec.default } : values;
  const args = runArgs(
    meta,
    own,
    heads.map((spec) => ({ input: spec.input, name: '' })),
  ).filter((arg) => !heads.some((spec) => arg.startsWith(`${spec.input}=`)));
  args.push(`model=${model.folder ?? MODEL_FOLDER_PLACEHOLDER}`);
  if (!model.weights) args.push(`text=${model.text}`);
  if (model.dropFirst && !model.weights) args.push('dropFirst=1');
  if (model.lastLayer !== undefined) args.push(`lastLayer=${model.lastLayer}`);
  if (model.weights) args.push('weights=1');
  return args;
}
