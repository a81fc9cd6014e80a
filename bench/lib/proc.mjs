// SPDX-License-Identifier: Apache-2.0
// Linux's /proc for bench/own-model.mjs: the renderer processes of one Chromium (by its profile folder) and a
// process's resident memory, now and at its peak.
import { readdirSync, readFileSync } from 'node:fs';

/** Linux processes: pid -> { ppid, cmdline }. */
function processTable() {
  const table = new Map();
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      table.set(Number(pid), { ppid, cmdline: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ') });
    } catch {
      /* the process ended meanwhile */
    }
  }
  return table;
}

/** The renderer processes of the Chromium whose profile is `profile` (descendants of its browser process). */
export function rendererPids(profile) {
  const table = processTable();
  const browser = [...table].find(
    ([, p]) => p.cmdline.includes(`--user-data-dir=${profile}`) && !p.cmdline.includes('--type='),
  );
  if (!browser) return [];
  const family = new Set([browser[0]]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, p] of table)
      if (!family.has(pid) && family.has(p.ppid)) {
        family.add(pid);
        grew = true;
      }
  }
  return [...family].filter((pid) => table.get(pid).cmdline.includes('--type=renderer'));
}

/** A field of /proc/<pid>/status in MB (VmRSS: now, VmHWM: the peak so far), or 0 when the process is gone. */
export function statusMB(pid, field) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${field}:`));
    return Number(line.split(/\s+/)[1]) / 1024;
  } catch {
    return 0;
  }
}
