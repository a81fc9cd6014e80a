// SPDX-License-Identifier: Apache-2.0
// Small helpers shared by the benches: timed child processes, Debian package checks, load
// averages and a plain-text table. Nothing here knows about a particular experiment.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';

/**
 * Runs a command to completion and returns its wall time in seconds and its stdout.
 * Wall time on purpose: every row of a side-by-side table then pays its own start-up
 * (Node + wasm, Python + numpy import, the CLI), as a user running it would.
 */
export function timedRun(command, args, { cwd, env } = {}) {
  const t0 = performance.now();
  const r = spawnSync(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 1 << 28 });
  const seconds = (performance.now() - t0) / 1000;
  if (r.error) throw r.error;
  if (r.status !== 0) {
    const last =
      (r.stderr || '')
        .trim()
        .split(/[\r\n]/)
        .filter(Boolean)
        .pop() ?? '';
    throw new Error(`${command} exited ${r.status}: ${last}`);
  }
  return { seconds, stdout: r.stdout };
}

/** The `uptime` line, or the load averages when uptime(1) is not there. */
export function uptimeLine() {
  const r = spawnSync('uptime', [], { encoding: 'utf8' });
  return r.status === 0
    ? r.stdout.trim()
    : `load average: ${loadavg()
        .map((x) => x.toFixed(2))
        .join(', ')}`;
}

export const debPackageInstalled = (pkg) =>
  (spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' }).stdout ?? '').includes(
    'install ok installed',
  );

export const debPackageVersion = (pkg) =>
  (spawnSync('dpkg-query', ['-W', '-f=${Version}', pkg], { encoding: 'utf8' }).stdout ?? '').trim() || undefined;

/** Root on Debian with apt-get: the only case where a bench may install what it misses by itself. */
export const canUseApt = () =>
  process.getuid?.() === 0 &&
  existsSync('/etc/debian_version') &&
  spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;

/**
 * Makes sure the Debian packages are installed, installing them when allowed.
 * Returns the ones still missing (empty when all are there); apt's output goes to stderr.
 */
export function ensureDebPackages(packages) {
  let missing = packages.filter((p) => !debPackageInstalled(p));
  if (missing.length && canUseApt()) {
    process.stderr.write(`installing missing Debian packages: ${missing.join(' ')}\n`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const opts = { stdio: ['ignore', 2, 2], env };
    spawnSync('apt-get', ['update', '-qq'], opts);
    spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], opts);
    missing = missing.filter((p) => !debPackageInstalled(p));
  }
  return missing;
}

/** Prints rows (arrays of cells) under a header, first column left-aligned, the rest right-aligned. */
export function printTable(header, rows) {
  const widths = header.map((h, k) => Math.max(h.length, ...rows.map((r) => String(r[k]).length)));
  const line = (cells) =>
    cells.map((c, k) => (k === 0 ? String(c).padEnd(widths[k]) : String(c).padStart(widths[k]))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}
