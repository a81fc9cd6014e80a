// SPDX-License-Identifier: Apache-2.0
// Open result…: a bare result (what the native CLI prints) is recognised as its experiment by its
// declared shape and by no other, judged by the wasm core as the page's worker judges it; an envelope
// round-trips; malformed, mismatching, ambiguous and oversized files are refused with a message that
// names the file and the fault. (The shape check's own words: Catch2 test_result_recognition.cpp.)
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXPERIMENTS, findExperiment } from '../../web/src/experiments';
import { loadCoreNode } from '../../web/src/engine/load-node';
import { hasDeclaredKeys, resultShape } from '../../web/src/experiments/result-shape';
import { defaults, type ExperimentMeta } from '../../web/src/experiments/schema';
import { APP_VERSION } from '../../web/src/version';
import {
  readResultText,
  resultEnvelope,
  RESULT_FILE_LIMIT_BYTES,
  sizeRefusal,
  type ShapeCheck,
} from '../../web/src/state/result-file';
import shapes from '../fixtures/result-shapes.json';

const cli = fileURLToPath(new URL('../../build/native/attnlab', import.meta.url));
const hasCli = existsSync(cli);
const native = (id: string, ...args: string[]) =>
  JSON.parse(
    execFileSync(cli, [id, ...args], { encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'pipe'] }),
  );
const meta = (id: string) => findExperiment(id) as ExperimentMeta;
const core = await loadCoreNode();
/** The page's check, minus the worker: the wasm core judges the value against every declared shape. */
const check: ShapeCheck = async (value) => core.resultMismatches(JSON.stringify(value));
const options = { registry: EXPERIMENTS, check };

describe('result shapes in the page', () => {
  it("are the core's declarations (the pinned fixture)", async () => {
    for (const m of EXPERIMENTS) expect(resultShape(m.id)).toEqual((shapes as Record<string, unknown>)[m.id]);
  });

  it("the page's guard for shipped results takes a result with the declared keys only", async () => {
    const shape = resultShape('rank-n') as Record<string, unknown>;
    const value = Object.fromEntries(Object.keys(shape).map((k) => [k, 0]));
    expect(hasDeclaredKeys('rank-n', value)).toBe(true);
    expect(hasDeclaredKeys('rank-n', { ...value, extra: 1 })).toBe(false);
    expect(hasDeclaredKeys('rank-beta', value)).toBe(false);
    expect(hasDeclaredKeys('rank-n', [value])).toBe(false);
  });
});

describe('reading result files', () => {
  it.skipIf(!hasCli)(
    "recognises every experiment's native CLI result as that experiment and no other",
    { timeout: 300_000 },
    async () => {
      for (const m of EXPERIMENTS) {
        const result = native(m.id, 'seed=1');
        const mismatches = core.resultMismatches(JSON.stringify(result));
        expect(
          EXPERIMENTS.filter((other) => mismatches[other.id] === '').map((other) => other.id),
          m.id,
        ).toEqual([m.id]);
        const reading = await readResultText(JSON.stringify(result), `${m.id}.json`, options);
        expect(reading.ok && reading.opened.experimentId, m.id).toBe(m.id);
        if (reading.ok) expect(reading.opened.knownParams).toBe(false);
      }
    },
  );

  it('a bare result takes the panel values when it fits the experiment on screen, else the defaults', async () => {
    const m = meta('attention-map');
    const result = {
      n: 4,
      d: 2,
      order: 'tour',
      singularValues: [1, 0.5],
      rowEntropy: [0.1],
      effectiveRank: 1.5,
      maxEntropy: 1,
      rowSumError: 0,
      sphereLawScale: null,
      heatmap: { rows: 1, cols: 1, data: [0.25] },
    };
    const values = { ...defaults(m), n: 4, seed: 9 };
    const here = await readResultText(JSON.stringify(result), 'r.json', {
      ...options,
      current: { experimentId: m.id, values },
    });
    expect(here.ok && here.opened.values).toEqual(values);
    const elsewhere = await readResultText(JSON.stringify(result), 'r.json', {
      ...options,
      current: { experimentId: 'rank-n', values: defaults(meta('rank-n')) },
    });
    expect(elsewhere.ok && elsewhere.opened).toMatchObject({ experimentId: 'attention-map', values: defaults(m) });
    // The same result with one value of the wrong type fits nothing, and the message names the key and type.
    const bad = await readResultText(JSON.stringify({ ...result, n: 'four' }), 'r.json', options);
    expect(bad).toEqual({
      ok: false,
      error: 'r.json: fits no experiment\'s result; closest is attention-map: n: expected int, got "four"',
      choices: EXPERIMENTS.map((e) => e.id),
    });
  });

  it("round-trips the envelope that Export result writes, parameters checked like a link's", async () => {
    const m = meta('rank-n');
    const values = { ...defaults(m), seed: 5 };
    const result = { points: [], guides: [], geometry: 'sphere', d: 2, beta: 64, eps: 0.01, jobsDone: 0, jobsTotal: 0 };
    const envelope = resultEnvelope(m.id, values, result);
    expect(envelope).toMatchObject({ attnlab: APP_VERSION, experiment: 'rank-n', params: values, result });
    const back = await readResultText(JSON.stringify(envelope), 'e.json', options);
    expect(back).toEqual({
      ok: true,
      opened: { experimentId: 'rank-n', result, values, knownParams: true, notes: [] },
    });
    const edited = await readResultText(
      JSON.stringify({ ...envelope, attnlab: '0.0.1', params: { ...values, seed: -3, zzz: 1 } }),
      'e.json',
      options,
    );
    expect(edited.ok && edited.opened.values.seed).toBe(0);
    expect(edited.ok && edited.opened.notes.join(' | ')).toMatch(
      /made with attnlab 0\.0\.1.*ignored unknown parameters: zzz.*seed/,
    );
  });

  it('refuses malformed files with one line naming the file and the fault', async () => {
    expect(await readResultText('{"n": 1,', 'cut.json', options)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^cut\.json: not valid JSON \(/),
    });
    expect(await readResultText('[1, 2]', 'a.json', options)).toMatchObject({
      ok: false,
      error: 'a.json: expected a JSON object (a result or an attnlab envelope), got an array',
    });
    expect(
      await readResultText('{"attnlab":"0.1.0","experiment":"nope","result":{}}', 'e.json', options),
    ).toMatchObject({ ok: false, error: 'e.json: "experiment" is "nope", not one of this attnlab\'s experiments' });
    const envelope = { attnlab: APP_VERSION, experiment: 'rank-n', params: {}, result: { points: 1 } };
    expect(await readResultText(JSON.stringify(envelope), 'e.json', options)).toMatchObject({
      ok: false,
      error: 'e.json: not a rank-n result: points: expected an array, got 1',
    });
    expect(sizeRefusal('big.json', RESULT_FILE_LIMIT_BYTES + 1)).toMatch(
      /^big\.json: 64\.0 MiB is more than the 64 MiB/,
    );
    expect(sizeRefusal('ok.json', 1000)).toBeUndefined();
  });

  it('a 7.5 MiB result of 300,000 keys is answered in one line within seconds (it ran past 90 s)', async () => {
    const keys: Record<string, number> = {};
    for (let i = 0; i < 300_000; i++) keys[`key_number_${i}`] = i;
    const envelope = { attnlab: APP_VERSION, experiment: 'rank-n', params: {}, result: keys };
    for (const [text, error] of [
      [JSON.stringify(keys), /^huge\.json: fits no experiment's result; closest is /],
      [JSON.stringify(envelope), /^huge\.json: not a rank-n result: result\.points: missing$/],
    ] as const) {
      const started = performance.now();
      const reading = await readResultText(text, 'huge.json', options);
      expect((performance.now() - started) / 1000).toBeLessThan(20); // about 2.5 s on the reference machine
      expect(reading).toMatchObject({ ok: false, error: expect.stringMatching(error) });
      expect('error' in reading && reading.error).not.toContain('\n');
    }
  }, 60_000);

  it("a file's keys and values stay on one line in its refusal and notes, whatever they hold", async () => {
    const result = { points: [], guides: [], geometry: 'x', d: 1, beta: 1, eps: 0.1, jobsDone: 1, jobsTotal: 1 };
    const envelope = (r: object, params: object = {}) =>
      JSON.stringify({ attnlab: APP_VERSION, experiment: 'rank-n', params, result: r });
    expect(await readResultText(envelope({ ...result, 'evil\nsecond line': 1 }), 'r.json', options)).toEqual({
      ok: false,
      error: 'r.json: not a rank-n result: result.evil\\x0asecond line: not declared in the result shape',
    });
    const long = await readResultText(JSON.stringify({ ...result, ['k'.repeat(100_000)]: 1 }), 'r.json', options);
    expect(long.ok).toBe(false);
    if (!long.ok) expect([...long.error].length).toBeLessThanOrEqual(400);
    const opened = await readResultText(envelope(result, { 'x\r\ny': 1, n: 'a\nb' }), 'r.json', options);
    expect(opened.ok).toBe(true);
    if (opened.ok) for (const note of opened.opened.notes) expect(note).not.toMatch(/[\n\r]/);
  });

  it('refuses a bare result that fits several experiments unless one is on screen or chosen', async () => {
    // A check in which two experiments declare the same shape {k: int} (every other: {other: int}).
    const twoFit: ShapeCheck = async (value) =>
      Object.fromEntries(
        EXPERIMENTS.map((m) => [
          m.id,
          m.id === 'rank-n' || m.id === 'rank-eps'
            ? 'k' in (value as object)
              ? ''
              : 'result.k: missing'
            : 'result.other: missing',
        ]),
      );
    const text = '{"k": 3}';
    const several = await readResultText(text, 'k.json', { ...options, check: twoFit });
    expect(several).toEqual({
      ok: false,
      error: 'k.json: a bare result that fits 2 experiments (rank-n, rank-eps): choose one',
      choices: ['rank-n', 'rank-eps'],
    });
    const current = await readResultText(text, 'k.json', {
      ...options,
      check: twoFit,
      current: { experimentId: 'rank-eps', values: defaults(meta('rank-eps')) },
    });
    expect(current.ok && current.opened.experimentId).toBe('rank-eps');
    const chosen = await readResultText(text, 'k.json', { ...options, check: twoFit, chosen: 'rank-n' });
    expect(chosen.ok && chosen.opened.experimentId).toBe('rank-n');
    const wrong = await readResultText(text, 'k.json', { ...options, check: twoFit, chosen: 'rank-beta' });
    expect(wrong).toMatchObject({ ok: false, error: 'k.json: not a rank-beta result: result.other: missing' });
  });
});
