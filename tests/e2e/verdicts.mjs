// SPDX-License-Identifier: Apache-2.0
// The page's column of the cross-front-end verdict table (tests/fixtures/verdicts.json; the CLI and headless
// columns are tests/web/verdicts.test.ts). Each case is entered as a reader would: values typed into their
// fields, files chosen in their upload fields, then Run. The page's verdict is the error it shows (under
// Run, or in the upload field's status) or a finished run. Messages are compared without what only a
// command line has: the "<input>: " prefix of a file's message, and the echo of a value a number field
// cannot hold (the browser empties a number field given "0x10" or "1e999"). A case whose parameter has
// no field in the page (an unknown or repeated key) is checked on its link instead: the notice names the key.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assert, chooseHeads, open, root, SHOWN, waitForStatus } from './helpers.mjs';

const tests = [];
const test = (name, fn) => tests.push({ name, fn });
const table = JSON.parse(readFileSync(join(root, 'tests/fixtures/verdicts.json'), 'utf8'));

/** Expected texts as the page can show them (see the header). */
function pageTexts(expect, files) {
  const texts = [expect.error].flat();
  return texts.map((t) => t.replace(/, got '.*$/, '')).filter((t) => !/^\w+: $/.test(t) || !files.length);
}

async function verdictOf(page) {
  await page.waitForFunction(
    () =>
      ['done', 'error', 'stopped'].includes(document.body.dataset.status) || document.querySelector('#run')?.disabled,
    null,
    { timeout: 60_000 },
  );
  if (await page.locator('#run').isDisabled()) {
    const statuses = await page.locator('[id^="upload"][id$="-status"]').allTextContents();
    return { ok: false, message: statuses.join(' ') };
  }
  const status = await page.evaluate(() => document.body.dataset.status);
  return status === 'done' ? { ok: true } : { ok: false, message: (await page.locator('#error').textContent()) ?? '' };
}

test('verdicts: the page judges each case of the cross-front-end table as the CLI and headless do', async ({
  context,
  base,
}) => {
  const problems = [];
  const seen = [];
  for (const c of table.cases.filter((c) => !c.commandLineOnly)) {
    const pairs = c.params.map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]);
    const keys = pairs.map(([k]) => k);
    const { page, problems: pageProblems } = await open(context, base, `#exp=${c.experiment}&v=3&seed=1`);
    await waitForStatus(page, SHOWN, 120_000);
    const fieldless = [];
    for (const [key, value] of pairs) {
      const file = c.files?.find((f) => f.name === value);
      const upload = page.locator(`input[type="file"]#upload-${key}, input[type="file"]#upload`).first();
      if (file && (await upload.count())) {
        if (await page.locator('#heads-files').count()) await chooseHeads(page, 'files');
        await upload.setInputFiles({
          name: file.name,
          mimeType: 'application/octet-stream',
          buffer: Buffer.from(file.content),
        });
        await page.waitForFunction(
          (id) => !/Reading/.test(document.getElementById(`${id}-status`)?.textContent ?? 'Reading'),
          await upload.getAttribute('id'),
          { timeout: 30_000 },
        );
        continue;
      }
      const field = page.locator(`#params-form [name="${key}"]`).first();
      if (keys.indexOf(key) !== keys.lastIndexOf(key) || !(await field.count())) {
        fieldless.push(key);
        continue;
      }
      if (await field.evaluate((el) => el.tagName === 'SELECT')) await field.selectOption(value);
      else
        await field.evaluate((el, v) => {
          el.value = v;
          el.dispatchEvent(new Event('input', { bubbles: true }));
          el.dispatchEvent(new Event('change', { bubbles: true }));
        }, value);
    }
    let verdict;
    if (fieldless.length) {
      // No field to type it in: the link is the page's only way in, and its notice must name the key.
      const link = `#exp=${c.experiment}&v=3&seed=1&${c.params.join('&')}`;
      const { page: linked, problems: linkProblems } = await open(context, base, link);
      await waitForStatus(linked, SHOWN, 120_000);
      const notice = await linked.locator('#notice').textContent();
      assert(
        fieldless.every((k) => notice.includes(k)),
        `${c.label}: the link's notice does not name ${fieldless.join(', ')}: ${notice}`,
      );
      seen.push(`${c.label}: link notice`);
      problems.push(...linkProblems);
      await linked.close();
    } else {
      // A head bundle's companion and scale are read after its own status settles: let that finish first.
      if (c.files?.length) await page.waitForTimeout(800);
      if (await page.locator('#run').isEnabled())
        await page
          .locator('#run')
          .click({ timeout: 10_000 })
          .catch((error) => {
            throw new Error(`${c.label}: ${error.message.split('\n')[0]}`);
          });
      verdict = await verdictOf(page);
      if (c.expect === 'ok') assert(verdict.ok, `${c.label}: the page refused it: ${verdict.message}`);
      else {
        assert(!verdict.ok, `${c.label}: the page ran it; the CLI refuses it`);
        for (const text of pageTexts(c.expect, c.files ?? []))
          assert(
            verdict.message.includes(text),
            `${c.label}: the page's message "${verdict.message.trim()}" lacks "${text}"`,
          );
        if (!c.files?.length) {
          // The field at fault is marked: one the panel could not read, or the one the core's refusal names
          // (CoreError.key).
          const marked = await page
            .locator('#params-form [aria-invalid="true"]')
            .evaluateAll((els) => els.map((el) => el.getAttribute('name')));
          assert(
            marked.some((name) => keys.includes(name)),
            `${c.label}: no field of ${keys.join(', ')} is marked (marked: ${marked.join(', ') || 'none'})`,
          );
        }
      }
      seen.push(`${c.label}: ${verdict.ok ? 'ok' : 'refused'}`);
      problems.push(...pageProblems.filter((p) => !/status of 400|CoreError/.test(p)));
    }
    await page.close();
  }
  console.log(`  ${seen.length} cases: ${seen.join('; ')}`);
  return problems;
});

export const verdictTests = tests;
