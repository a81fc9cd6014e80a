// SPDX-License-Identifier: Apache-2.0
// oEmbed for every preset (the gallery's cards): dist/oembed/<slug>.json (type "rich": an <iframe> of the preset in
// embed mode, its thumbnail) and dist/p/<slug>.html, a page a crawler can read (the hash of an app link never reaches
// a server): its title and description, Open Graph tags, the oEmbed discovery <link>, and a refresh to the preset's
// link for a reader. oEmbed wants absolute addresses: they start with ATTNLAB_SITE_URL (the site's public address,
// e.g. https://you.github.io/attnlab/); without it they are relative to the site, and a consumer must resolve them.
//   node scripts/build-oembed.mjs [--dist=dist]     (run after the site build: scripts/lib.sh build_site)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, process.argv.find((a) => a.startsWith('--dist='))?.slice('--dist='.length) ?? 'dist');
const site = (process.env.ATTNLAB_SITE_URL ?? '').replace(/\/?$/, process.env.ATTNLAB_SITE_URL ? '/' : '');
const WIDTH = 700,
  HEIGHT = 560;
const THUMB = { width: 480, height: 300 };

const load = async (path) =>
  (await runnerImport(join(root, path), { configFile: false, root, logLevel: 'warn' })).module;
const [{ allPresetLinks }, { EXPERIMENTS }] = await Promise.all(
  ['web/src/state/preset-links.ts', 'web/src/experiments/index.ts'].map(load),
);
const escape = (text) =>
  String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

mkdirSync(join(dist, 'oembed'), { recursive: true });
mkdirSync(join(dist, 'p'), { recursive: true });
const presets = allPresetLinks(EXPERIMENTS);
for (const p of presets) {
  const meta = EXPERIMENTS.find((m) => m.id === p.experimentId);
  const title = `${meta.title}: ${p.label}`;
  const embed = `${site || './'}${p.link}&embed=1`;
  const oembed = {
    version: '1.0',
    type: 'rich',
    provider_name: 'attnlab',
    ...(site ? { provider_url: site } : {}),
    title,
    width: WIDTH,
    height: HEIGHT,
    html:
      `<iframe src="${escape(embed)}" title="${escape(`attnlab: ${title}`)}" width="${WIDTH}" ` +
      `height="${HEIGHT}" loading="lazy" style="border:0;max-width:100%"></iframe>`,
    thumbnail_url: `${site}gallery/${p.slug}.png`,
    thumbnail_width: THUMB.width,
    thumbnail_height: THUMB.height,
  };
  writeFileSync(join(dist, 'oembed', `${p.slug}.json`), `${JSON.stringify(oembed, null, 2)}\n`);
  const app = `../${p.link}`;
  writeFileSync(
    join(dist, 'p', `${p.slug}.html`),
    `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>${escape(title)} · attnlab</title>
<meta name="description" content="${escape(p.description)}">
<meta property="og:title" content="${escape(title)}">
<meta property="og:description" content="${escape(p.description)}">
<meta property="og:image" content="${escape(`${site || '../'}gallery/${p.slug}.png`)}">
<link rel="alternate" type="application/json+oembed" href="${escape(`${site || '../'}oembed/${p.slug}.json`)}" \
title="${escape(title)}">
<link rel="canonical" href="${escape(`${site || '../'}p/${p.slug}.html`)}">
<meta http-equiv="refresh" content="0; url=${escape(app)}">
</head><body><p><a href="${escape(app)}">${escape(title)}</a>: ${escape(p.description)}</p></body></html>
`,
  );
}
console.error(
  `[attnlab] oEmbed: ${presets.length} presets (dist/oembed/, ` +
    `dist/p/)${site ? ` at ${site}` : ' (relative: set ATTNLAB_SITE_URL)'}`,
);
