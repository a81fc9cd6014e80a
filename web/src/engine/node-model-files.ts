// SPDX-License-Identifier: Apache-2.0
// A model folder's files headless (Node): sizes from stat (exact past 4 GiB; Node 20's openAsBlob reports them modulo
// 2^32) and bytes by positional reads through a file handle, as the native CLI's wasm/cli/model_files.cpp preads them.
// Entries that are not regular files (a directory, a FIFO, a dangling or looping symlink) are kept aside with their
// cause, which replaces the core's "missing" when the model needs them (trueCause).
import { constants, lstatSync, readdirSync, readlinkSync, statSync, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import type { Core } from './core';
import { ModelError, type ModelFile, type ModelFiles } from './model-files';

/** One read call's most bytes (a read takes at most 2^31 - 1). */
const READ_CHUNK = 1 << 30;

/** A file's name or a link's target in a one-line message: control characters escaped, at most 200 characters. */
const printable = (text: string) => JSON.stringify(text.length > 200 ? `${text.slice(0, 200)}…` : text).slice(1, -1);

/** Bytes begin..end of the file at path, read by position (pread), in reads of at most READ_CHUNK. */
async function readRange(path: string, name: string, begin: number, end: number): Promise<ArrayBuffer> {
  let handle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw new ModelError(`${printable(name)}: cannot be opened (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  try {
    if (!(await handle.stat()).isFile()) throw new ModelError(`${printable(name)}: cannot be opened as a regular file`);
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(end - begin);
    } catch {
      throw new ModelError(`${printable(name)}: not enough memory to read ${end - begin} bytes`);
    }
    for (let done = 0; done < bytes.length;) {
      const { bytesRead } = await handle.read(bytes, done, Math.min(bytes.length - done, READ_CHUNK), begin + done);
      if (bytesRead === 0)
        throw new ModelError(`${printable(name)}: the file ends before byte ${end} (it shrank while being read)`);
      done += bytesRead;
    }
    return bytes.buffer as ArrayBuffer;
  } finally {
    await handle.close();
  }
}

/** A regular file of the folder, read on demand. */
function nodeFile(path: string, name: string, size: number): ModelFile {
  return {
    size,
    slice: (begin, end) => ({ arrayBuffer: () => readRange(path, name, begin, end) }),
    text: async () => new TextDecoder().decode(await readRange(path, name, 0, size)),
  };
}

/** Why an entry cannot be read, in the core's words when it has them (attnlab::fileProblem's kinds). */
type Problem = (core: Core) => string;

const KINDS: [string, (s: Stats) => boolean][] = [
  ['directory', (s) => s.isDirectory()],
  ['FIFO', (s) => s.isFIFO()],
  ['character device', (s) => s.isCharacterDevice()],
  ['block device', (s) => s.isBlockDevice()],
  ['socket', (s) => s.isSocket()],
];

/** A folder entry: a regular file with its exact size, a problem, or undefined when it vanished meanwhile. */
function entry(path: string): { size: number } | Problem | undefined {
  try {
    const info = statSync(path, { bigint: true }); // symlinks followed, as the native reader's stat
    if (info.isFile()) return { size: Number(info.size) };
    const kind = KINDS.find(([, is]) => is(statSync(path)))?.[0] ?? 'other';
    return (core) => core.module.commandFileProblem(path, kind, 0).replace(`'${path}' is `, '');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') return () => 'a symbolic link loop (too many levels of symbolic links)';
    if (code === 'EACCES') return () => 'cannot be read (permission denied)';
    let target: string;
    try {
      if (!lstatSync(path).isSymbolicLink()) return () => `cannot be read (${code ?? 'error'})`;
      target = readlinkSync(path);
    } catch {
      return undefined;
    }
    return () => `a symbolic link to '${printable(target)}', which does not exist`;
  }
}

/** The entries of each folder read that are not regular files, by name. */
const folderProblems = new WeakMap<ModelFiles, Map<string, Problem>>();

/** The regular files of a model folder (not its subfolders), read on demand by position. */
export async function folderFiles(folder: string): Promise<ModelFiles> {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    throw new ModelError(`${folder}: not a folder that can be read`);
  }
  const files = new Map<string, ModelFile>();
  const problems = new Map<string, Problem>();
  for (const name of names) {
    const path = join(folder, name);
    const found = entry(path);
    if (typeof found === 'function') problems.set(name, found);
    else if (found) files.set(name, nodeFile(path, name, found.size));
  }
  folderProblems.set(files, problems);
  return files;
}

/**
 * A refusal about a file the folder has but cannot read ("config.json: missing from the model folder" for a
 * directory, a FIFO or a dangling symlink of that name) with its true cause; any other error as it is.
 */
export function trueCause(core: Core, error: unknown, files: ModelFiles | undefined): unknown {
  if (!(error instanceof ModelError) || !files) return error;
  for (const [name, problem] of folderProblems.get(files) ?? [])
    if (error.message.startsWith(`${name}:`)) return new ModelError(`${printable(name)}: ${problem(core)}`);
  return error;
}
