// SPDX-License-Identifier: Apache-2.0
// @vitest-environment happy-dom
// A study over a corpus drawn (ui/corpus/corpus-results.ts): its energy90 figure in the page's figure frame, exported
// as SVG, PNG, CSV or JSON like every figure, and its per-head table and rows downloaded as CSV.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { corpusResults } from '../../web/src/ui/corpus/corpus-results';
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
