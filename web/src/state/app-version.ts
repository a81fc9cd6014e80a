// SPDX-License-Identifier: Apache-2.0
// The app version a link was written with (`app=0.1.0`): package.json's "version" (web/src/version.ts),
// and how two versions compare. DOM-free.
export { APP_VERSION } from '../version';

/** major.minor.patch (missing parts are 0), with an optional pre-release tag: "0.2.0-rc.1". */
const VERSION = /^(\d{1,9})(?:\.(\d{1,9}))?(?:\.(\d{1,9}))?(?:-([0-9A-Za-z.-]{1,40}))?$/;

export interface Version {
  numbers: [number, number, number];
  pre?: string;
}

/** The version in `text`, or undefined when it is not one. */
export function parseVersion(text: string): Version | undefined {
  const m = VERSION.exec(text.trim());
  if (!m) return undefined;
  return { numbers: [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)], ...(m[4] ? { pre: m[4] } : {}) };
}

/** Negative when a is older than b, 0 when the same, positive when newer; a pre-release precedes its release. */
export function compareVersions(a: Version, b: Version): number {
  for (let k = 0; k < 3; k++) if (a.numbers[k] !== b.numbers[k]) return a.numbers[k] - b.numbers[k];
  if (a.pre === b.pre) return 0;
  if (a.pre === undefined) return 1;
  if (b.pre === undefined) return -1;
  return a.pre.localeCompare(b.pre, 'en', { numeric: true });
}

/**
 * What to say about a link's app=: that it was made by a newer attnlab than `running` (`newer`), or
 * that the value is no version; nothing for an absent, equal or older version (old links have none).
 */
export function appVersionNotice(
  text: string | undefined,
  running: string,
): { notice: string; newer: boolean } | undefined {
  if (text === undefined || text === '') return undefined;
  const made = parseVersion(text),
    here = parseVersion(running);
  if (!made) return { notice: `app: "${text.slice(0, 40)}" is not an attnlab version; ignored`, newer: false };
  if (!here || compareVersions(made, here) <= 0) return undefined;
  return {
    notice: `This link was made with attnlab ${text}, newer than this copy (${running}): numbers may differ`,
    newer: true,
  };
}
