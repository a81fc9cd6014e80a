// SPDX-License-Identifier: Apache-2.0
// npm run bench -- own-model [--small] [--reps=N] [--only=bert|llama] [--skip=headless,chromium,torch]: "Your own
// model" on checkpoints of real size with random weights (bench/make_checkpoint.mjs: BERT-base, F32, ~440 MB;
// SmolLM-135M's shape, LLaMA-style, BF16, ~270 MB), written to a temporary folder and deleted after: the time from
// choosing the folder to Q and K of every head of every layer on 128 tokens, and the peak memory, side by side:
// headless attnlab in Node (build/headless/headless.js, the whole lab's wasm core): fs.openAsBlob of the files,
// OpenedModel.open, the pass over every layer (headStacks), in a child process of its own; peak = its maxRSS. The
// core's load (wasm compile) is before the clock and reported apart. Chromium dist/ in Debian's Chromium: rank-zoo
// open, the text typed, the three files chosen under "Your own model"; from the input's change event to the status
// "Read: N heads" (page clock: worker start, model module load, tokenizing, open, pass); peak = VmHWM of the renderer
// process (the page and its workers), from /proc. torch bench/own_model_torch.py with Debian's torch (CPU, float32, 2
// threads): reads every tensor, then the same pass; from the start of reading to the last Q and K; peak = its maxRSS.
// GFLOP/s = the pass's multiply-adds × 2 (layers 0..L-2 whole, the last one's Q and K) / the row's seconds.
// attnlab/torch = the row's seconds / torch's (below 1: faster than torch). The load average is printed before each
// measurement. --small: 2-layer, hidden-64 checkpoints (a check that every row works in well under a minute, not a
// timing). A benchmark, not a test: targets are reported, never asserted. Results: build/bench/own-model[-small].json.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDebPackages, printTable, timedRun, uptimeLine } from './lib/common.mjs';
import { machineLine, torchKernels } from './lib/machine.mjs';
import { headlessChild } from './lib/headless-child.mjs';
import { passFlops, relativeGap } from './lib/pass-math.mjs';
import { rendererPids, statusMB } from './lib/proc.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from './lib/chromium.mjs';
import { best, fmt, writeRecord } from './lib/rounds.mjs';
import { makeCheckpoint, TOKENS } from './make_checkpoint.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const self = fileURLToPath(import.meta.url);
const option = (name, fallback) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const MB = 1024 * 1024;

if (process.argv[2] === '--headless-child') {
  await headlessChild(process.argv[3], process.argv[4]);
  process.exit(0);
}

const SMALL = process.argv.includes('--small');
const REPS = Number(option('reps', 1));
const ONLY = option('only', 'bert,llama').split(',').filter(Boolean);
const SKIP = option('skip', '').split(',').filter(Boolean);
const TORCH_THREADS = 2;
const LINK = '#exp=rank-zoo&v=3&seed=1';
// Ctrl-C still runs the 'exit' hooks that delete the checkpoint folders.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

function headless(made) {
  const { stdout } = timedRun(process.execPath, [self, '--headless-child', made.folder, made.ids.join(',')], {
    cwd: root,
  });
  const out = JSON.parse(stdout);
  return {
    ...out,
    note: `open ${out.openSeconds.toFixed(2)} s of it; core load ${out.coreSeconds.toFixed(2)} s before the clock`,
  };
}

function torchPeer(made) {
  const { stdout } = timedRun(
    '/usr/bin/python3',
    [join(root, 'bench/own_model_torch.py'), made.folder, made.ids.join(','), '--threads', String(TORCH_THREADS)],
    { cwd: root },
  );
  const out = JSON.parse(stdout);
  return {
    ...out,
    note:
      `torch ${out.torch}, ${out.threads} threads, float32; ` +
      `reading every tensor ${out.readSeconds.toFixed(2)} s of it`,
  };
}

async function chromiumRun(made) {
  const { chromium } = await import('playwright-core');
  const { serveStatic } = await import('../tests/e2e/static-server.mjs');
  const server = await serveStatic(join(root, 'dist'), '/');
  const profile = mkdtempSync(join(tmpdir(), 'attnlab-bench-profile-'));
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
    });
    await context.addInitScript(() => {
      try {
        localStorage.setItem('attnlab:live', '0');
      } catch {
        /* opaque origin */
      }
    });
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/${LINK}`);
    await page.waitForFunction(
      () => ['done', 'precomputed', 'waiting', 'error'].includes(document.body.dataset.status),
      null,
      { timeout: 120_000 },
    );
    await page.locator('#model-text').fill(made.text);
    // The page's own clock: from the file input's change event (capture, before the page's handler) to the status line.
    await page.evaluate(() => {
      const status = document.getElementById('model-status');
      window.addEventListener(
        'change',
        (e) => {
          if (e.target?.id === 'model-files') window.benchChosen = performance.now();
        },
        true,
      );
      new MutationObserver((_, observer) => {
        if (/Read: \d+ heads|Could not/.test(status.textContent)) {
          window.benchRead = performance.now();
          observer.disconnect();
        }
      }).observe(status, { childList: true, characterData: true, subtree: true });
    });
    const before = rendererPids(profile).map((pid) => ({ pid, rss: statusMB(pid, 'VmRSS') }));
    await page.locator('#model-files').setInputFiles(made.files);
    await page.waitForFunction(() => window.benchRead !== undefined, null, { timeout: 1_800_000, polling: 50 });
    const peaks = rendererPids(profile).map((pid) => ({ pid, hwm: statusMB(pid, 'VmHWM') }));
    const { seconds, status, tokens } = await page.evaluate(() => ({
      seconds: (window.benchRead - window.benchChosen) / 1000,
      status: document.getElementById('model-status').textContent,
      tokens: document.getElementById('model-tokens').textContent,
    }));
    if (!/Read: \d+ heads/.test(status)) throw new Error(`the page said: ${status}`);
    if (!tokens.startsWith(`${TOKENS} tokens`))
      throw new Error(`the page read ${tokens.split(':')[0]}, not ${TOKENS} tokens`);
    const top = peaks.reduce((a, b) => (b.hwm > a.hwm ? b : a), { pid: 0, hwm: 0 });
    const baseline = before.find((b) => b.pid === top.pid)?.rss;
    return {
      seconds,
      maxRssMB: top.hwm,
      heads: Number(/Read: (\d+) heads/.exec(status)[1]),
      note:
        `peak = VmHWM of the renderer (page + workers; ${peaks.length} renderer process(es)), ` +
        (baseline === undefined
          ? 'its RSS before choosing unknown'
          : `${baseline.toFixed(0)} MB before choosing the files`),
    };
  } finally {
    await context?.close();
    server.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const missing = SKIP.includes('torch') ? [] : ensureDebPackages(['python3-torch', 'python3-numpy']);
const hasChromium = existsSync(join(root, 'dist/index.html')) && existsSync(CHROMIUM);
const smallNote = SMALL ? ' (SMALL: 2 layers, hidden 64; a check that every row works, not a timing)' : '';
console.log(`own-model benchmark${smallNote}: Q and K of every head of every layer on ${TOKENS} tokens`);
console.log(
  `${machineLine()}; ${CHROMIUM}\npeer: ${missing.length ? 'torch missing' : torchKernels()}\n` +
    `start: ${uptimeLine()}`,
);
if (missing.length)
  console.log(
    `missing Debian packages (torch row skipped): ${missing.join(' ')}; ` +
      `as root: apt-get install -y ${missing.join(' ')}`,
  );
if (!hasChromium && !SKIP.includes('chromium'))
  console.log(`no dist/index.html or no ${CHROMIUM}: the Chromium row is skipped (npm run build)`);

const record = {
  small: SMALL,
  tokens: TOKENS,
  reps: REPS,
  torchThreads: TORCH_THREADS,
  machine: { cpu: cpus()[0]?.model, cores: cpus().length },
  models: [],
};
for (const kind of ONLY) {
  process.stderr.write(`writing the ${kind} checkpoint ... `);
  const g0 = performance.now();
  const made = makeCheckpoint(kind, { small: SMALL });
  process.stderr.write(`${(made.bytes / MB).toFixed(0)} MB in ${((performance.now() - g0) / 1000).toFixed(1)} s\n`);
  const c = made.config,
    flops = passFlops(kind, c, TOKENS);
  const dtype = kind === 'bert' ? 'F32' : 'BF16';
  console.log(
    `\n${kind}: ${c.num_hidden_layers} layers × ${c.num_attention_heads} heads` +
      (c.num_key_value_heads ? ` (${c.num_key_value_heads} key heads)` : '') +
      `, hidden ${c.hidden_size}, ${dtype}, ` +
      `model.safetensors ${fmt(made.bytes / MB, made.bytes < 10 * MB ? 1 : 0)} MB; ` +
      `pass ${(flops.pass / 1e9).toFixed(2)} GFLOP (whole forward ${(flops.forward / 1e9).toFixed(2)})`,
  );
  const rows = [
    { label: 'attnlab headless (Node, one thread)', key: 'headless', run: () => headless(made) },
    {
      label: 'attnlab Chromium (page, from choosing)',
      key: 'chromium',
      skip: !hasChromium,
      run: () => chromiumRun(made),
    },
    {
      label: `torch CPU float32 (${TORCH_THREADS} threads)`,
      key: 'torch',
      peer: true,
      skip: missing.length > 0,
      run: () => torchPeer(made),
    },
  ].map((r) => ({ seconds: [], peaks: [], ...r, skip: r.skip || SKIP.includes(r.key) }));
  try {
    for (let round = 0; round < REPS; round++) {
      for (const row of rows.filter((r) => !r.skip && !r.error)) {
        console.log(
          `  load before ${row.key}${REPS > 1 ? ` (round ${round + 1})` : ''}: ${loadavg()
            .map((x) => x.toFixed(2))
            .join(', ')}`,
        );
        try {
          const out = await row.run();
          row.seconds.push(out.seconds);
          row.peaks.push(out.maxRssMB);
          row.note ??= out.note;
          row.heads ??= out.heads;
          row.lastHead0 ??= out.lastHead0;
        } catch (error) {
          row.error = String(error.message).split('\n')[0];
        }
      }
    }
  } finally {
    made.remove();
  }
  const peer = rows.find((r) => r.peer);
  const heads = c.num_hidden_layers * c.num_attention_heads;
  const over = (r) => (best(r) && best(peer) ? best(r) / best(peer) : undefined);
  const gflops = (r) => (best(r) ? flops.pass / best(r) / 1e9 : undefined);
  const peak = (r) => (r.peaks.length ? Math.max(...r.peaks) : undefined);
  for (const r of rows.filter((x) => x.heads !== undefined && x.heads !== heads))
    r.error = `read ${r.heads} heads, not ${heads}`;
  const head = rows.find((r) => r.key === 'headless');
  const gap =
    head?.lastHead0 && peer?.lastHead0
      ? Math.max(relativeGap(head.lastHead0.q, peer.lastHead0.q), relativeGap(head.lastHead0.k, peer.lastHead0.k))
      : undefined;
  console.log(
    `\nseconds: best of ${REPS}; attnlab/torch = the row's seconds / torch's (above 1: slower ` +
      `than torch); GFLOP/s = the pass's ${fmt(flops.pass / 1e9)} GFLOP / the row's seconds\n`,
  );
  printTable(
    ['implementation', 'runs', 'seconds', 'attnlab/torch', 'GFLOP/s', 'peak MB'],
    rows.map((r) => [
      r.label,
      r.skip ? 'skipped' : r.error ? 'failed' : r.seconds.length,
      fmt(best(r)),
      r.peer ? '-' : fmt(over(r)),
      fmt(gflops(r), 1),
      fmt(peak(r), 0),
    ]),
  );
  for (const r of rows.filter((x) => x.note || x.error))
    console.log(`  ${r.key}: ${r.error ? `FAILED: ${r.error}` : r.note}`);
  if (gap !== undefined)
    console.log(
      `  same numbers: last layer's head 0, max |attnlab − torch| / max |torch| = ${gap.toExponential(1)} (Q and K)`,
    );
  if (kind === 'bert') {
    const chrome = rows.find((r) => r.key === 'chromium');
    const verdict = (x, ok) => (x === undefined ? 'not measured' : ok ? 'MET' : 'MISSED');
    console.log(
      `  targets${SMALL ? ' (meant for the real size; SMALL numbers say nothing)' : ''}: ` +
        `all ${heads} heads ≤ 3 s in Chromium: ${fmt(best(chrome))} s ${verdict(best(chrome), best(chrome) <= 3)}; ` +
        `renderer peak ≤ 600 MB: ${fmt(peak(chrome), 0)} MB ${verdict(peak(chrome), peak(chrome) <= 600)}; ` +
        `wasm ≥ 10 GFLOP/s: headless ${fmt(gflops(head), 1)} ${verdict(gflops(head), gflops(head) >= 10)}, ` +
        `Chromium ${fmt(gflops(chrome), 1)} ${verdict(gflops(chrome), gflops(chrome) >= 10)}`,
    );
  }
  record.models.push({
    kind,
    config: c,
    dtype,
    bytes: made.bytes,
    passFlops: flops.pass,
    forwardFlops: flops.forward,
    relativeGap: gap,
    rows: rows.map((r) => ({
      label: r.label,
      skipped: r.skip,
      error: r.error,
      seconds: r.seconds,
      best: best(r),
      attnlabOverTorch: r.peer ? undefined : over(r),
      gflops: gflops(r),
      peakMB: peak(r),
      note: r.note,
    })),
  });
}
console.log(`\nend:   ${uptimeLine()}`);
writeRecord(root, `own-model${SMALL ? '-small' : ''}`, record);
