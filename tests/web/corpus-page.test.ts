// SPDX-License-Identifier: Apache-2.0
// A study over a corpus as the page runs it (ui/corpus/corpus-panel.ts): its fields read with the headless runner's
// rules (ui/corpus/corpus-plan.ts), paper 3's grid, the estimate's gate, and the page's steps (engine/study-worker.ts,
// the same corpus-study.ts steps headless takes) giving exactly `npm run lab -- rank-zoo model=… corpus=…`'s JSON, here
// in Node with the page's default parameters over two study workers; and a stop after the first window giving the
// study of that window alone.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../web/src/engine/core';
import { loadCoreNode } from '../../web/src/engine/load-node';
import { headStacks, OpenedModel, type HeadStacks } from '../../web/src/engine/model-pass';
import { tokenizeCorpus } from '../../web/src/engine/model-text';
import { folderFiles } from '../../web/src/engine/node-model-files';
import { studyApi } from '../../web/src/engine/study-worker';
import { nodeTokenizer } from '../../web/src/engine/tokenize-node';
import { scheduleWindows } from '../../web/src/engine/window-schedule';
import { EXPERIMENTS } from '../../web/src/experiments';
import { defaults, toCoreParams } from '../../web/src/experiments/schema';
import type { CorpusLink } from '../../web/src/state/corpus-link';
import { formatLink, parseLink, type AppState } from '../../web/src/state/url';
import * as P from '../../web/src/ui/corpus/corpus-plan';
import { associationText, energyText } from '../../web/src/ui/corpus/corpus-results';
import type { CorpusStudy } from '../../web/src/state/study-file';

const root = fileURLToPath(new URL('../..', import.meta.url));
const model = `${root}tests/fixtures/models/bert-f32`;
const corpusPath = `${root}tests/fixtures/tokenizers/corpus.txt`;

describe('the corpus fields', () => {
  const read =
    (lengths: string, windows = '2', eps = '') =>
    () =>
      P.corpusOfFields('c.txt', { lengths, windows, eps });
  it('reads lists as headless reads n=, windows= and eps=, spaces allowed', () => {
    expect(P.corpusOfFields('c.txt', { lengths: '8, 12', windows: '3', eps: '0.05, 0.1' })).toEqual({
      path: 'c.txt',
      lengths: [8, 12],
      windows: 3,
      eps: [0.05, 0.1],
    });
    expect(P.corpusOfFields('c.txt', { lengths: '64', windows: '1', eps: ' ' }).eps).toEqual([]);
  });
  it('refuses by name and range', () => {
    expect(read('8,8')).toThrow(/^n: give 1 to 8 different window lengths, each at least 2 tokens/);
    expect(read('1')).toThrow(/^n: /);
    expect(read('eight')).toThrow(/^n: 'eight' is not a list of window lengths in tokens/);
    expect(read('8', '0')).toThrow(/^windows: '0' is not a number of windows in \[1, 1000\]/);
    expect(read('8', '1001')).toThrow(/^windows: /);
    expect(read('8', '1', '0.1,0.2,0.3,0.4')).toThrow(/^eps: a study takes 1 to 3 error levels/);
    expect(read('8', '1', 'x')).toThrow(/^eps: 'x' is not a list of 1 to 3 numbers/);
  });
});

describe('a corpus in a link: its name and fingerprint, never its text', () => {
  const meta = EXPERIMENTS.find((m) => m.id === 'rank-zoo')!;
  const model = { name: 'bert-f32', hash: '0123456789abcdef', text: 'a', dropFirst: false };
  const state = (corpus?: CorpusLink): AppState => ({
    experimentId: meta.id,
    values: defaults(meta),
    embed: false,
    hide: [],
    model: { ...model, ...(corpus ? { corpus } : {}) },
  });
  it('round-trips the name, fingerprint and fields', async () => {
    const text = 'The corpus’s text, which the link never carries.';
    const corpus = {
      name: 'texts & more.txt',
      hash: await P.corpusFingerprint(text),
      lengths: '64,128',
      windows: '4',
      eps: '0.05,0.1',
    };
    expect(corpus.hash).toMatch(/^[0-9a-f]{16}$/);
    const link = formatLink(state(corpus), EXPERIMENTS);
    expect(link).toContain('corpus=texts%20%26%20more.txt&corpusHash=');
    expect(link).not.toContain('never');
    const { state: back, notices } = parseLink(link, EXPERIMENTS);
    expect(notices).toEqual([]);
    expect(back.model?.corpus).toEqual(corpus);
  });
  it('says what it cannot take and keeps the corpus asked for', () => {
    const { state: back, notices } = parseLink(
      '#exp=rank-zoo&v=3&model=m&text=a&corpus=c.txt&corpusHash=xyz&corpusN=1,1&corpusWindows=2',
      EXPERIMENTS,
    );
    expect(notices.join(' | ')).toMatch(/corpusHash: "xyz" is not 16 hexadecimal digits/);
    expect(notices.join(' | ')).toMatch(/n: give 1 to 8 different window lengths/);
    expect(back.model?.corpus).toEqual({ name: 'c.txt', hash: '', lengths: '128', windows: '1', eps: '' });
    expect(formatLink(state(), EXPERIMENTS)).not.toContain('corpus');
  });
});

describe("paper 3's grid and the estimate's gate", () => {
  it('is n ∈ {64, 128, 256}, 5 temperatures, 3 ε and 84 heads of a 12-layer, 12-head model', () => {
    const words = P.corpusOfFields('c', P.PAPER_GRID.fields);
    expect(words.lengths).toEqual([64, 128, 256]);
    expect(words.eps).toHaveLength(3);
    expect(P.PAPER_GRID.betaMults.split(',')).toHaveLength(5);
    expect((P.paperLastLayer(12) + 1) * 12).toBe(84);
    expect(P.paperLastLayer(2)).toBe(1); // a smaller model: every layer
  });
  it('starts by itself up to 30 s, waits for Run beyond or without an estimate', () => {
    expect(P.startsAtOnce(30)).toBe(true);
    expect(P.startsAtOnce(30.5)).toBe(false);
    expect(P.startsAtOnce(undefined)).toBe(false);
    expect(P.windowProgress(2, 12, 128)).toBe('window 3 of 12 (n = 128)');
    expect(P.windowProgress(12, 12, 256)).toBe('window 12 of 12 (n = 256)'); // all finished: merging
    const grid = { windows: 3, heads: 84, temperatures: 5, eps: 3, workers: 2 };
    expect(P.studySummary(grid, 125)).toMatch(
      /^3 windows × 84 heads × 5 temperatures × 3 ε: the analysis takes about 2 min 10 s, two windows at a time \(/,
    );
    expect(P.studySummary(grid, 125)).toContain('(estimated for a 2-core reference machine;');
    expect(P.studySummary({ windows: 1, heads: 8, temperatures: 1, eps: 1, workers: 1 }, 5)).toContain(
      'about 5 s, one window at a time (',
    );
  });
});

describe("the page's steps equal npm run lab", () => {
  const params = toCoreParams({ ...defaults(EXPERIMENTS.find((m) => m.id === 'rank-zoo')!), seed: 7 });
  const eps = [0.05, 0.1];
  let core: Core;
  beforeAll(async () => {
    core = await loadCoreNode(`${root}web/src/wasm/`);
  });

  /**
   * The page's path in Node: its two study workers' calls over the windows (engine/window-schedule.ts, the model's
   * heads read one window at a time), `windowsRun` of the windows run (a Stop after), merged in window order.
   */
  async function pageStudy(windowsRun?: number): Promise<unknown> {
    const workers = [studyApi(() => Promise.resolve(core)), studyApi(() => Promise.resolve(core))];
    const files = await folderFiles(model);
    const opened = await OpenedModel.open(core, files);
    try {
      const tokens = await tokenizeCorpus(files, readFileSync(corpusPath, 'utf8'), nodeTokenizer);
      const cut = { ...tokens, lengths: [8, 12], windows: 2, tokenLimit: opened.info.tokenLimit };
      const windows = await workers[0].studyWindows(cut);
      const shape = { layers: 2, heads: 4, headDim: 4 };
      const one = await workers[0].studyEstimate(params, windows, eps.length, shape, 1);
      const two = await workers[0].studyEstimate(params, windows, eps.length, shape, 2);
      expect(one).toBeGreaterThan(0);
      // Four windows, two of each length: two workers take about half the time one takes.
      expect(two! / one!).toBeCloseTo(0.5, 1);
      const count = windowsRun ?? windows.length;
      const steps = {
        read: async (i: number) => (await headStacks(opened, windows[i].ids, 1))!,
        analyse: (worker: number, i: number, stacks: HeadStacks) =>
          workers[worker].studyWindow(windows[i], stacks, { params, eps, name: opened.info.name }),
      };
      const out = await scheduleWindows({ windows: count, workers: 2, inHand: 2 }, steps, new Promise(() => {}));
      return await workers[1].studyMerge(
        out.finished.map((i) => windows[i]),
        out.runs,
        7,
      );
    } finally {
      opened.close();
    }
  }

  const lab = (lengths: string) => {
    const args = [`model=${model}`, `corpus=${corpusPath}`, `n=${lengths}`, 'windows=2', 'lastLayer=1', 'seed=7'];
    const out = spawnSync(process.execPath, [`${root}scripts/lab.mjs`, 'rank-zoo', ...args, `eps=${eps.join(',')}`], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    });
    expect(out.status, out.stderr).toBe(0);
    const parsed = JSON.parse(out.stdout) as { result?: unknown };
    return parsed.result ?? parsed;
  };

  it('rows, heads, association and bands are the headless JSON', async () => {
    expect(await pageStudy()).toEqual(lab('8,12'));
  });

  it('is said beside the reported 0.574 and where it comes from, and against Lee’s band on decoder models', () => {
    const study = lab('8,12') as CorpusStudy;
    const said = associationText(study.association);
    expect(said).toContain(`Spearman’s ρ = ${study.association.spearman!.toFixed(3)}`);
    expect(said).toMatch(/95 % bootstrap interval -?\d\.\d{3} to \d\.\d{3} \(1000 resamples of the heads\)/);
    expect(said).toMatch(
      /Paper 3 reports 0\.574 \(Sui & Zhang, arXiv 2608\.28150.*summary of the paper.*not reachable/,
    );
    const inside = study.heads.filter((x) => x.energy90.mean >= 2 && x.energy90.mean <= 11).length;
    expect(energyText(study)).toContain(`${inside} of 8 heads have a mean inside 2–11`);
    expect(energyText(study)).toMatch(/Lee, arXiv 2604\.04384.*decoder models/);
  });

  it('a study stopped after its first window is that window alone', async () => {
    const stopped = (await pageStudy(1)) as { windows: { n: number; window: number }[]; rows: { window: number }[] };
    expect(stopped.windows.map((w) => [w.n, w.window])).toEqual([[8, 0]]);
    expect(stopped.rows.every((r) => r.window === 0)).toBe(true);
    expect(stopped.rows).toHaveLength(8 * 2); // 8 heads × 2 ε (one temperature)
  });
});
