// SPDX-License-Identifier: Apache-2.0
// End-to-end test of links that name the attnlab version that wrote them (app=), run by run.mjs: the
// page writes its own version (package.json's, built in), and a link from a newer attnlab still runs,
// with one notice naming both versions.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assert, open, resultJson, root, waitForStatus } from './helpers.mjs';

const tests = [];
const test = (name, fn) => tests.push({ name, fn });
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

test(
  'links: the page writes app=<its version>; a link from a ' +
    'newer attnlab runs, with one notice naming both versions',
  async ({ context, base }) => {
    const { page, problems } = await open(context, base, '#exp=attention-map&v=3&app=99.0.0&n=64&beta=4&seed=3');
    await waitForStatus(page, 'done');
    const notice = (await page.locator('#notice').textContent()) ?? '';
    const expected = `This link was made with attnlab 99.0.0, newer than this copy (${version}): numbers may differ`;
    assert(notice.includes(expected), `#notice: '${notice.trim()}', want '${expected}'`);
    assert(
      notice.split('numbers may differ').length === 2,
      `the version notice is said more than once: '${notice.trim()}'`,
    );
    const shown = await resultJson(page);
    assert(shown.n === 64, `the link did not run as written: n=${shown.n}`);
    const hash = await page.evaluate(() => location.hash);
    assert(
      hash.startsWith(`#exp=attention-map&v=3&app=${version}&`) && hash.includes('n=64'),
      `the page's link: ${hash}`,
    );
    // A link without app= (from before it existed) opens without a notice.
    await page.evaluate(() => {
      location.hash = '#exp=attention-map&v=3&n=32&seed=3';
    });
    await waitForStatus(page, 'done');
    assert(
      await page.locator('#notice').isHidden(),
      `a link without app= gave a notice: ${await page.locator('#notice').textContent()}`,
    );
    assert(
      (await page.evaluate(() => location.hash)).includes(`&app=${version}&`),
      'the page did not add its version to an old link',
    );
    await page.close();
    return problems;
  },
);

export const linkTests = tests;
