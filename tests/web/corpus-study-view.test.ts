// SPDX-License-Identifier: Apache-2.0
// @vitest-environment happy-dom
// A study over a corpus drawn (ui/corpus/corpus-results.ts): its energy90 figure in the page's figure frame, exported
// as SVG, PNG, CSV or JSON like every figure, and its per-head table and rows downloaded as CSV.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { corpusResults } from '../../web/src/ui/corpus/corpus-results';
import { showOpenedStudy } from '../../web/src/ui/corpus/opened-study';
import { headsCsv, rowsCsv } from '../../web/src/ui/corpus/study-csv';
import { smallStudy } from './study-fixture';

/** Every blob the page hands to a download, by the file name it is saved under. */
function catchDownloads(): Map<string, Blob> {
  const saved = new Map<string, Blob>();
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.set(this.download, blobs.get(this.href)!);
  });
  return saved;
}

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('a study over a corpus, drawn', () => {
  const origin = { link: 'https://example.org/#exp=rank-zoo', values: { seed: 7, eps: [0.05, 0.1] } };

  it('offers its energy90 figure as SVG and PNG (and its data as CSV and JSON), as every figure', () => {
    document.body.append(corpusResults(smallStudy, origin));
    const figure = document.querySelector('#corpus-energy-figure section.figure')!;
    expect(figure.querySelector('h2')!.textContent).toContain('energy90');
    const formats = [...figure.querySelectorAll<HTMLButtonElement>('[data-export]')].map((b) => b.dataset.export);
    expect(formats).toEqual(['svg', 'png', 'csv', 'json']);
    expect(figure.querySelector('.figure-caption')!.textContent).toContain('seed 7');
  });

  it('downloads the per-head table and every row as CSV, stamped with what the study holds', async () => {
    const saved = catchDownloads();
    document.body.append(corpusResults(smallStudy, origin));
    document.querySelector<HTMLButtonElement>('#corpus-heads-csv')!.click();
    document.querySelector<HTMLButtonElement>('#corpus-rows-csv')!.click();
    expect(await saved.get('attnlab-corpus-study-heads.csv')!.text()).toBe(headsCsv(smallStudy));
    expect(await saved.get('attnlab-corpus-study-rows.csv')!.text()).toBe(rowsCsv(smallStudy));
  });

  it('exports the figure’s data stamped with the study’s parameters and link', async () => {
    const saved = catchDownloads();
    document.body.append(corpusResults(smallStudy, origin));
    document.querySelector<HTMLButtonElement>('#corpus-energy-figure [data-export="csv"]')!.click();
    await vi.waitFor(() => expect(saved.size).toBe(1));
    const [name, blob] = [...saved][0];
    expect(name).toBe('attnlab-rank-zoo-corpus-energy90.csv');
    const text = await blob.text();
    expect(text).toContain('# link: https://example.org/#exp=rank-zoo');
    expect(text).toContain('# params: eps=0.05,0.1');
    expect(text).toContain('layer,head,energy90_mean,energy90_sd,energy90_min,energy90_max');
    document.querySelector<HTMLButtonElement>('#corpus-energy-figure [data-export="svg"]')!.click();
    await vi.waitFor(() => expect(saved.size).toBe(2));
    const svg = await saved.get('attnlab-rank-zoo-corpus-energy90.svg')!.text();
    expect(svg).toContain('"figure":"corpus-energy90","params":{"eps":[0.05,0.1]},"seed":7');
    expect(svg).toContain('against Lee’s band');
  });
});

describe('a study opened from a file', () => {
  const status = { clearError: vi.fn(), showNotices: vi.fn() };

  it('is drawn above the figures with its head atlas by mean energy90 against Lee’s band, and closes', () => {
    const headline = document.createElement('dl');
    headline.id = 'headline';
    document.body.append(headline);
    const withAntisymmetry = {
      ...smallStudy,
      heads: smallStudy.heads.map((x, i) => ({
        ...x,
        antisymmetry: { mean: 0.5 + i / 10, sd: 0, min: 0.5, max: 0.6 },
      })),
    };
    showOpenedStudy(withAntisymmetry, 'merged.json', ['partial: 1 of 2 windows merged'], status);
    const section = document.getElementById('corpus-results')!;
    expect(section.nextElementSibling).toBe(headline);
    expect(section.querySelector('h2')!.textContent).toBe('The study over the corpus, opened from file merged.json');
    expect(status.showNotices.mock.calls[0][0][0]).toMatch(/^Opened merged\.json: .*partial: 1 of 2 windows merged\.$/);
    const atlas = section.querySelector('#corpus-atlas')!;
    const choice = atlas.querySelector<HTMLSelectElement>('#corpus-atlas-quantity')!;
    expect([...choice.options].map((o) => o.text)).toEqual([
      'mean energy90',
      'mean antisymmetry (null 0.707)',
      'mean effective dimension r_eff,vis',
      'mean ε-rank certificate k_svd',
    ]);
    expect(atlas.querySelectorAll('g[aria-label="cell"] rect')).toHaveLength(smallStudy.heads.length);
    expect(atlas.querySelector('.atlas-reference')!.textContent).toContain('Lee (arXiv 2604.04384) measured 2–11');
    const cell = atlas.querySelector('g[aria-label="cell"] rect')!;
    expect(cell.getAttribute('role')).toBe('img'); // a file's heads open nothing
    choice.value = 'antisymmetry';
    choice.dispatchEvent(new Event('change'));
    expect(atlas.querySelector('.atlas-reference')!.textContent).toContain('1/√2 ≈ 0.707');
    expect(atlas.textContent).toContain(
      'mean antisymmetry (a ratio, 0 to 1): the antisymmetric part’s size over the whole',
    );
    section.querySelector<HTMLButtonElement>('#corpus-close')!.click();
    expect(document.getElementById('corpus-results')).toBeNull();
  });

  it('stamps its figures’ exports with the file and an unknown seed', async () => {
    const saved = catchDownloads();
    showOpenedStudy(smallStudy, 'merged.json', [], status);
    document.querySelector<HTMLButtonElement>('#corpus-atlas [data-export="csv"]')!.click();
    await vi.waitFor(() => expect(saved.size).toBe(1));
    const text = await saved.get('attnlab-rank-zoo-corpus-atlas.csv')!.text();
    expect(text).toContain('# link: opened from file merged.json');
    expect(text).toContain('# seed: unknown');
    expect(text).toContain('layer,head,energy90_mean,rEffVis_mean,kSvd_mean\n0,1,2.6666666666666665,');
  });
});
