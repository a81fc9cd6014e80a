// SPDX-License-Identifier: Apache-2.0
// The words readers see that do not need a run: every experiment's summary, parameter labels, help and option names,
// presets, the glossary and the export file names. None may carry an internal code (E1, U1, LB-…, "spec" with a
// section sign); the same pattern is checked on the rendered pages by tests/e2e/readers.mjs.
import { describe, expect, it } from 'vitest';
import { EXPERIMENTS } from '../../web/src/experiments';
import { GLOSSARY } from '../../web/src/experiments/glossary';
import { defaults } from '../../web/src/experiments/schema';
import { exportFileName } from '../../web/src/ui/results/export-name';
// @ts-expect-error: a plain ES module shared with the e2e suite
import { CODE_WORD, INTERNAL_CODE, RAW_TEX, storedValuesInHelp } from '../e2e/reader-rules.mjs';

const code = INTERNAL_CODE as RegExp;
const codeWord = CODE_WORD as RegExp;
const rawTex = RAW_TEX as RegExp;
const storedValues = storedValuesInHelp as (help: string, options: { value: string; label: string }[]) => string[];

/** An experiment's words that need no run: title, summary, parameter labels, help and options, presets, file fields. */
function readerTexts(meta: (typeof EXPERIMENTS)[number]): string[] {
  return [
    meta.title,
    meta.summary,
    ...meta.params.flatMap((p) => [p.label, p.help ?? '', ...(p.kind === 'enum' ? p.options.map((o) => o.label) : [])]),
    ...(meta.presets ?? []).flatMap((p) => [p.label, p.description]),
    ...[meta.upload, ...(meta.uploads ?? [])].flatMap((u) => (u ? [u.label, u.help] : [])),
  ];
}

describe('words on screen', () => {
  it('no experiment shows an internal code in its summary, parameters, options or presets', () => {
    const found: string[] = [];
    for (const meta of EXPERIMENTS) {
      const texts = readerTexts(meta);
      for (const text of texts) if (code.test(text)) found.push(`${meta.id}: ${text}`);
    }
    expect(found).toEqual([]);
  });

  it(
    'no summary, label, help, option or preset shows code ' +
      '(camelCase names, "source = zoo", the worker pool) or raw TeX',
    () => {
      const found: string[] = [];
      for (const meta of EXPERIMENTS) {
        const texts = readerTexts(meta);
        for (const text of texts)
          if (text && (codeWord.test(text) || rawTex.test(text))) found.push(`${meta.id}: ${text}`);
      }
      expect(found).toEqual([]);
    },
  );

  it(
    "no parameter's help names a stored option value its option " +
      'does not show ("1 masks…" under an option that reads "Yes")',
    () => {
      const found: string[] = [];
      for (const meta of EXPERIMENTS)
        for (const p of meta.params)
          if (p.kind === 'enum' && p.help)
            for (const v of storedValues(p.help, p.options)) found.push(`${meta.id}.${p.key}: "${v}" in "${p.help}"`);
      expect(found).toEqual([]);
    },
  );

  it('the code, TeX and stored-value rules catch what they are for and spare ordinary words', () => {
    for (const bad of [
      'logits = betaMult·scale',
      'Zoo family (source = zoo)',
      'as the worker pool finishes them',
      'One configuration per worker job',
    ])
      expect(codeWord.test(bad), bad).toBe(true);
    for (const fine of ['arXiv:2608.28150', 'k_svd', 'r_eff,vis', 'WebKit', 'e.g. a Q·K scale'])
      expect(codeWord.test(fine), fine).toBe(false);
    for (const bad of ['2·tanh(σ_{r+1}/2)', 'β^{d/2}', '\\frac{a}{b}']) expect(rawTex.test(bad), bad).toBe(true);
    for (const fine of ['σᵣ₊₁', 'β^(d/2)', 'd_min', 'n ≥ C·e^β']) expect(rawTex.test(fine), fine).toBe(false);
    expect(
      storedValues('Causal attention: 1 masks the entries', [
        { value: '0', label: 'No' },
        { value: '1', label: 'Yes' },
      ]),
    ).toEqual(['1']);
    expect(storedValues('Embedding table: A subtracts…', [{ value: 'A', label: 'A: class-centred' }])).toEqual([]);
  });

  it('the pattern catches what it is for and spares ordinary words', () => {
    for (const bad of [
      'U1 truncated SVD',
      'LB-POOL-GEO',
      'preset (E3)',
      'spec Table 5.4',
      '(spec ' + '§3.3 table)',
      'Condition (23): spread',
    ])
      expect(code.test(bad)).toBe(true);
    for (const fine of ['Sui & Zhang (2026)', 'ε = 0.1', 'd = 3', 'Seddik (2026), Figure 2', 'E[X]', 'U-shaped'])
      expect(code.test(fine)).toBe(false);
  });

  it('the glossary: unique ids, a real definition each, no internal code, families that exist', () => {
    const families = new Set(EXPERIMENTS.map((m) => m.family));
    expect(new Set(GLOSSARY.map((t) => t.id)).size).toBe(GLOSSARY.length);
    for (const t of GLOSSARY) {
      expect(t.definition.length, t.id).toBeGreaterThan(60);
      expect(code.test(`${t.term} ${t.definition}`), t.id).toBe(false);
      for (const f of t.families ?? []) expect(families.has(f), `${t.id}: ${f}`).toBe(true);
    }
  });
});

describe('export file names', () => {
  const meta = EXPERIMENTS.find((m) => m.id === 'rank-beta')!;
  const base = defaults(meta);

  it('name the experiment, the non-default parameters (sorted) and the seed, then the figure', () => {
    expect(exportFileName(meta, { ...base, d: 4, n: 512, seed: 3 }, 'band', 'svg')).toBe(
      'rank-beta_d=4_n=512_seed=3_band.svg',
    );
  });

  it('leave defaults out, so the default view is just the experiment and the seed', () => {
    expect(exportFileName(meta, { ...base, seed: 1 }, 'band', 'png')).toBe('rank-beta_seed=1_band.png');
  });

  it('differ whenever a parameter differs, and stay file-system safe and short', () => {
    const names = new Set<string>();
    for (const d of [2, 3, 4])
      for (const eps of [0.05, 0.1, 0.2]) names.add(exportFileName(meta, { ...base, d, eps, seed: 1 }, 'band', 'svg'));
    expect(names.size).toBe(9);
    const long = exportFileName(
      meta,
      { ...base, betas: Array.from({ length: 40 }, (_, k) => k + 1), seed: 9 },
      'band',
      'csv',
    );
    expect(long).toMatch(/^[A-Za-z0-9=.,+_-]+$/);
    expect(long.length).toBeLessThan(120);
  });
});
