// SPDX-License-Identifier: Apache-2.0
// Node file access for the headless command line (headless.ts, sharded.ts): files are opened without
// blocking and fstat'ed before a byte is read (a FIFO, a device or a directory is refused at once, a file
// above the limit from its size), as the native CLI's wasm/cli/read_file.cpp does; the words are the core's.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import type { Command, Core } from './core';

const KINDS: [string, (s: ReturnType<typeof fstatSync>) => boolean][] = [
  ['file', (s) => s.isFile()],
  ['directory', (s) => s.isDirectory()],
  ['FIFO', (s) => s.isFIFO()],
  ['character device', (s) => s.isCharacterDevice()],
  ['block device', (s) => s.isBlockDevice()],
  ['socket', (s) => s.isSocket()],
];

/** A file's bytes, or why it cannot be read (attnlab::fileProblem's words). */
export function readBounded(core: Core, path: string): { bytes: Uint8Array } | { problem: string } {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return { problem: core.module.commandFileProblem(path, 'missing', 0) };
  }
  try {
    const info = fstatSync(fd);
    const problem = core.module.commandFileProblem(path, KINDS.find(([, is]) => is(info))?.[0] ?? 'other', info.size);
    return problem ? { problem } : { bytes: readFileSync(fd) };
  } finally {
    closeSync(fd);
  }
}

/** A file's identity (device and inode, symlinks followed), or undefined when it does not exist. */
function identity(path: string): string | undefined {
  try {
    const s = statSync(path, { bigint: true });
    return `${s.dev}:${s.ino}`;
  } catch {
    return undefined;
  }
}

/**
 * The refusal of an -o that is a file the command reads, a file of a folder it reads, or a new file inside such a
 * folder, by identity (symlinks, "./" and ".." spellings are the same file), as the native CLI's wasm/cli/sharded.cpp;
 * "" when none.
 */
export function outputCollision(core: Core, command: Command): string {
  if (!command.output) return '';
  const text = JSON.stringify(command);
  const output = identity(command.output);
  const outputFolder = identity(dirname(command.output));
  const reads = JSON.parse(core.module.commandReads(text)) as { path: string; folder: boolean }[];
  for (const [index, read] of reads.entries()) {
    const id = identity(read.path);
    if (id === undefined) continue;
    if (output === id) return core.module.commandOutputCollision(text, index, read.path);
    if (!read.folder) continue;
    let entries: string[] = [];
    try {
      entries = readdirSync(read.path);
    } catch {
      /* unreadable: nothing of it can be overwritten through it */
    }
    const entry =
      output === undefined
        ? undefined
        : entries.map((name) => join(read.path, name)).find((path) => identity(path) === output);
    if (entry !== undefined) return core.module.commandOutputCollision(text, index, entry);
    if (outputFolder === id) return core.module.commandOutputCollision(text, index, '');
  }
  return '';
}

/** Atomic write through a temporary file of this writer alone (<path>.<pid>.<random>.tmp), or stdout. */
export function writeOut(path: string, text: string, stdout: (t: string) => void): void {
  if (!path) return stdout(text);
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(temporary, text);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** Every entry of a results folder but interrupted writes (*.tmp), for the core to judge. */
export function resultFiles(
  core: Core,
  dir: string,
): ({ name: string; text: string } | { name: string; error: string })[] {
  if (!dir || !existsSync(dir) || !statSync(dir).isDirectory()) return [];
  return readdirSync(dir)
    .filter((name) => !name.endsWith('.tmp'))
    .map((name) => {
      if (!/^(0|[1-9][0-9]{0,8})\.json$/.test(name)) return { name, error: 'not a result file name' };
      const path = join(dir, name);
      const read = readBounded(core, path);
      // "'<path>' is a FIFO, not a regular file" -> "a FIFO, not a regular file": the core names the file
      return 'bytes' in read
        ? { name, text: Buffer.from(read.bytes).toString('utf8') }
        : { name, error: read.problem.replace(`'${path}' is `, '') };
    });
}
