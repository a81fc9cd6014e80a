// SPDX-License-Identifier: Apache-2.0
// The one progress throttle of every core worker, the page's and Node's (web/src/engine/progress.ts).
import { describe, expect, it } from 'vitest';
import { PROGRESS_INTERVAL_MS, throttleProgress } from '../../web/src/engine/progress';

describe('throttleProgress', () => {
  it('passes one report per interval, the last step and every new label; always answers "go on"', () => {
    let t = 0;
    const seen: string[] = [];
    const report = throttleProgress(
      (done, total, label) => seen.push(`${done}/${total} ${label}`),
      () => t,
    );
    const answers = [report(1, 10, 'a')];
    t = PROGRESS_INTERVAL_MS - 1;
    answers.push(report(2, 10, 'a')); // too soon
    answers.push(report(3, 10, 'b')); // a new label
    t += PROGRESS_INTERVAL_MS;
    answers.push(report(4, 10, 'b')); // an interval later
    t += 1;
    answers.push(report(5, 10, 'b')); // too soon
    answers.push(report(10, 10, 'b')); // the last step
    expect(seen).toEqual(['1/10 a', '3/10 b', '4/10 b', '10/10 b']);
    expect(answers.every((a) => a === true)).toBe(true);
  });

  it('without a callback it only answers "go on"', () => {
    expect(throttleProgress(undefined)(1, 2, 'x')).toBe(true);
  });
});
