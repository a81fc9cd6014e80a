// SPDX-License-Identifier: Apache-2.0
// sweep-runners/slurm-local-cluster.sh with stub daemons (no Slurm, no munge): start writes only its
// own folder and points every daemon and client at it, refuses beside a real Slurm (a system
// slurm.conf, a running munged), and stop signals exactly the PIDs it recorded — a decoy process
// named munged survives, and so does a recorded PID that is no longer this folder's daemon.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../sweep-runners/slurm-local-cluster.sh', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'attnlab-slurm-stubs-'));
const dirs = {
  stubs: join(root, 'stubs'),
  decoy: join(root, 'decoy'),
  home: join(root, 'home'),
  tmp: join(root, 'tmp'),
  cwd: join(root, 'cwd'),
  etc: join(root, 'etc'),
};
for (const dir of Object.values(dirs)) mkdirSync(dir);
const cluster = join(root, 'cluster');
const log = join(root, 'calls.log');
const systemConf = join(dirs.etc, 'slurm.conf');

// A daemon stand-in: one line per start (name, PID, SLURM_CONF, arguments) and per SIGTERM; it makes
// munged's socket, then waits to be signalled.
const daemonStub = `#!/bin/bash
line=$(printf '%s\\t' start "\${0##*/}" "$$" "SLURM_CONF=\${SLURM_CONF-}" "$@")
printf '%s\\n' "$line" >>"$STUB_LOG"
for arg; do [[ $arg == --socket=* ]] && : >"\${arg#--socket=}"; done
trap 'printf "signal\\t%s\\t%s\\n" "\${0##*/}" "$$" >>"$STUB_LOG"; exit 0' TERM
while :; do sleep 0.1 & wait $!; done
`;
const sinfoStub = `#!/bin/bash
line=$(printf '%s\\t' call "\${0##*/}" "$$" "SLURM_CONF=\${SLURM_CONF-}" "$@")
printf '%s\\n' "$line" >>"$STUB_LOG"
echo idle
`;
for (const name of ['munged', 'slurmctld', 'slurmd'])
  writeFileSync(join(dirs.stubs, name), daemonStub, { mode: 0o755 });
writeFileSync(join(dirs.stubs, 'sinfo'), sinfoStub, { mode: 0o755 });
copyFileSync(join(dirs.stubs, 'munged'), join(dirs.decoy, 'munged'));
chmodSync(join(dirs.decoy, 'munged'), 0o755);

const env: NodeJS.ProcessEnv = {
  ...process.env,
  PATH: `${dirs.stubs}:${process.env.PATH}`,
  HOME: dirs.home,
  TMPDIR: dirs.tmp,
  ATTNLAB_SYSTEM_SLURM_CONF: systemConf,
  STUB_LOG: log,
};
delete env.SLURM_CONF;
const run = (...args: string[]) =>
  spawnSync('bash', [script, ...args], { cwd: dirs.cwd, env, encoding: 'utf8', timeout: 60_000 });

type Call = { kind: string; name: string; pid: number; slurmConf: string; args: string[] };
const calls = (): Call[] =>
  (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : []).map((line) => {
    const [kind, name, pid, conf, ...args] = line.replace(/\t$/, '').split('\t');
    return { kind, name, pid: Number(pid), slurmConf: conf?.replace(/^SLURM_CONF=/, ''), args };
  });

/** Alive and not a zombie (stopped stubs are reparented to init, which reaps them when it likes). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Every file and folder under root except the cluster's own folder and the stubs' log. */
function listing(dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (path === cluster || path === log) return [];
    return [relative(root, path), ...(entry.isDirectory() ? listing(path) : [])];
  });
}

/** Absolute paths in a daemon's arguments (`--key=/path`, `-f /path`). */
const pathsIn = (args: string[]) =>
  args.map((arg) => arg.replace(/^--[a-z-]+=/, '')).filter((arg) => arg.startsWith('/'));

const decoys: ChildProcess[] = [];
function startDecoy(): number {
  const decoy = spawn(join(dirs.decoy, 'munged'), [], { env, stdio: 'ignore' });
  decoys.push(decoy);
  return decoy.pid!;
}
async function waitFor(condition: () => boolean) {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** Live processes with one of these names, as the script sees them (zombies do not count). */
const running = (names: string[]) =>
  readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid))
    .some((pid) => {
      try {
        const [, name, state] = /^\d+ \((.*)\) (\S)/.exec(readFileSync(`/proc/${pid}/stat`, 'utf8')) ?? [];
        return names.includes(name) && state !== 'Z';
      } catch {
        return false; // gone meanwhile
      }
    });

// A machine that runs a real munge or Slurm makes a plain start refuse: then only --force-local runs.
const hostDaemons = running(['munged', 'slurmctld', 'slurmd']);
const startArgs = hostDaemons ? ['start', cluster, '--force-local'] : ['start', cluster];
const unchanged = listing();

afterAll(() => {
  for (const call of calls()) if (call.kind === 'start' && alive(call.pid)) process.kill(call.pid, 'SIGKILL');
  for (const decoy of decoys) decoy.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

describe('slurm-local-cluster.sh, with stub daemons', () => {
  it('refuses with exit 2 when a system slurm.conf exists, and writes nothing', () => {
    writeFileSync(systemConf, 'ClusterName=site\n');
    const r = run('start', cluster);
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toContain(`a system Slurm configuration exists (${systemConf})`);
    expect(r.stderr).toContain('--force-local');
    expect(existsSync(cluster)).toBe(false);
    expect(calls()).toEqual([]);
    rmSync(systemConf);
  });

  it.skipIf(hostDaemons)('refuses with exit 2 while a munged runs that it did not start', async () => {
    const decoy = startDecoy();
    await waitFor(() => calls().some((call) => call.pid === decoy));
    const r = run('start', cluster);
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`munged is already running on this machine \\(PID [0-9,]*\\b${decoy}\\b`));
    expect(existsSync(cluster)).toBe(false);
    decoys.pop()!.kill('SIGKILL');
    await waitFor(() => !alive(decoy));
    rmSync(log);
  });

  it('start runs munged, slurmctld and slurmd on files in its folder only, and records their PIDs', async () => {
    const r = run(...startArgs);
    expect(r.status, r.stderr).toBe(0);
    const conf = join(cluster, 'slurm.conf');
    // The stub sinfo answers at once, so start may return before the stub daemons have logged.
    await waitFor(() => calls().filter((call) => call.kind === 'start').length === 3);
    const started = calls().filter((call) => call.kind === 'start');
    expect(started.map((call) => call.name).sort()).toEqual(['munged', 'slurmctld', 'slurmd']);
    for (const call of started) {
      expect(readFileSync(join(cluster, 'pids', `${call.name}.pid`), 'utf8').trim()).toBe(String(call.pid));
      expect(alive(call.pid)).toBe(true);
      for (const path of pathsIn(call.args)) expect(path.startsWith(`${cluster}/`), `${call.name} ${path}`).toBe(true);
    }
    for (const call of calls().filter((c) => c.name !== 'munged')) expect(call.slurmConf).toBe(conf);
    const munged = started.find((call) => call.name === 'munged')!;
    for (const option of ['--socket', '--key-file', '--pid-file', '--seed-file', '--log-file']) {
      expect(
        munged.args.some((arg) => arg.startsWith(`${option}=${cluster}/`)),
        option,
      ).toBe(true);
    }
    // Every path in the configuration is the folder's, and each setting whose default is a system
    // path (the munge socket, state, spool, PID and log files) is given.
    const text = readFileSync(conf, 'utf8');
    const confPaths = [...text.matchAll(/^(\w+)=(?:socket=)?(\/\S*)/gm)].map((m) => [m[1], m[2]]);
    for (const [, path] of confPaths) expect(path.startsWith(`${cluster}/`), path).toBe(true);
    expect(confPaths.map(([key]) => key).sort()).toEqual([
      'AuthInfo',
      'SlurmctldLogFile',
      'SlurmctldPidFile',
      'SlurmdLogFile',
      'SlurmdPidFile',
      'SlurmdSpoolDir',
      'StateSaveLocation',
    ]);
    expect(text).not.toMatch(/=\s*\/(etc|run|var)\//);
    expect(text).toContain(`AuthInfo=socket=${cluster}/munge/munge.socket`);
    expect(munged.args).toContain(`--socket=${cluster}/munge/munge.socket`);
    expect(statSync(join(cluster, 'munge', 'munge.key')).mode & 0o077).toBe(0);
    expect(listing()).toEqual(unchanged);
  });

  it('start refuses while its own cluster runs (even with --force-local)', () => {
    const before = calls().length;
    const r = run('start', cluster, '--force-local');
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toContain('already running');
    expect(calls().length).toBe(before);
  });

  it('stop signals exactly the recorded PIDs: a decoy munged survives', async () => {
    const decoy = startDecoy();
    await waitFor(() => calls().some((call) => call.pid === decoy));
    const daemons = calls()
      .filter((call) => call.kind === 'start' && call.pid !== decoy)
      .map((call) => call.pid);
    const r = run('stop', cluster);
    expect(r.status, r.stderr).toBe(0);
    await waitFor(() => daemons.every((pid) => !alive(pid)));
    for (const pid of daemons) expect(alive(pid), `PID ${pid}`).toBe(false);
    const signalled = calls()
      .filter((call) => call.kind === 'signal')
      .map((call) => call.pid);
    expect(signalled.sort()).toEqual([...daemons].sort());
    expect(alive(decoy)).toBe(true);
    expect(readdirSync(join(cluster, 'pids'))).toEqual([]);
    expect(listing()).toEqual(unchanged);
  });

  it("stop leaves alone a recorded PID that is no longer this folder's daemon", async () => {
    const decoy = decoys.at(-1)!.pid!;
    writeFileSync(join(cluster, 'pids', 'munged.pid'), `${decoy}\n`);
    const r = run('stop', cluster);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain('left alone');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(alive(decoy)).toBe(true);
    expect(calls().some((call) => call.kind === 'signal' && call.pid === decoy)).toBe(false);
  });

  it('wrote nothing outside its folder: HOME, TMPDIR, the working folder and the system path stay empty', () => {
    for (const dir of [dirs.home, dirs.tmp, dirs.cwd, dirs.etc]) expect(readdirSync(dir), dir).toEqual([]);
    expect(listing()).toEqual(unchanged);
  });
});
