// SPDX-License-Identifier: Apache-2.0
// The landing page of a first visit (no link, or #gallery): what attnlab is, then every preset as a
// card grouped by the paper it reproduces. A card is an ordinary link to its preset; its thumbnail
// (gallery/<slug>.png) is rendered at build time by scripts/build-gallery.mjs from that same link.
import { EXPERIMENTS, FAMILY_LABELS } from '../../experiments';
import { FAMILY_PAPER } from '../../experiments/citations';
import type { Reference } from '../../experiments/references';
import { presetLinksOf, type PresetLink } from '../../state/preset-links';
import { h } from '../dom';
import { glossaryList } from './glossary-ui';
import { acceptDroppedFolder, handOver } from '../model/folder';

/** The hash that asks for the gallery explicitly (the header's "Gallery" link). */
const GALLERY_HASH = '#gallery';

/** True for a visit that should see the landing page rather than an experiment. */
export function wantsLanding(hash: string): boolean {
  return hash === '' || hash === '#' || hash === GALLERY_HASH || hash === GLOSSARY_HASH;
}

/** The hash of the landing page's Glossary section (the header's "Glossary"). */
const GLOSSARY_HASH = '#glossary';

/** About the size of a thumbnail as photographed at build time (CSS pixels; the card scales it to its width). */
const THUMBNAIL = { width: 360, height: 270 } as const;

/** Families in picker order, each with its presets. */
export function galleryGroups(): { family: string; label: string; paper: Reference; cards: PresetLink[] }[] {
  const families = [...new Set(EXPERIMENTS.map((m) => m.family))];
  return families
    .map((family) => ({
      family,
      label: FAMILY_LABELS[family] ?? family,
      paper: FAMILY_PAPER[family],
      cards: EXPERIMENTS.filter((m) => m.family === family).flatMap((m) => presetLinksOf(m, EXPERIMENTS)),
    }))
    .filter((g) => g.cards.length > 0);
}

function paperLine(family: string, ref: Reference): HTMLElement {
  const lead = family === 'attention' ? 'The object all three papers study, as set up in ' : '';
  return h(
    'p',
    { class: 'gallery-paper' },
    lead,
    `${ref.authors}, “${ref.title}”, ${ref.venue ?? ref.year}, `,
    h('a', { href: `https://arxiv.org/abs/${ref.arxiv}`, rel: 'noopener' }, `arXiv:${ref.arxiv}`),
    '.',
  );
}

function card(link: PresetLink): HTMLElement {
  const title = EXPERIMENTS.find((m) => m.id === link.experimentId)?.title ?? link.experimentId;
  return h(
    'li',
    {},
    h(
      'a',
      { class: 'card no-thumbnail', href: link.link, 'data-slug': link.slug, 'data-thumbnail': link.thumbnail },
      h('span', { class: 'card-title' }, link.label),
      h('span', { class: 'card-claim' }, link.description),
      h('span', { class: 'card-experiment' }, title),
    ),
  );
}

/** Adds the thumbnails the build shipped (gallery/index.json); a build without Chromium has none. */
async function addThumbnails(root: HTMLElement): Promise<void> {
  let shipped: unknown,
    dark = false;
  try {
    const response = await fetch('gallery/index.json');
    if (!response.ok) return;
    const index = (await response.json()) as { thumbnails?: unknown; dark?: unknown };
    shipped = index.thumbnails;
    dark = index.dark === true;
  } catch {
    return;
  }
  if (!Array.isArray(shipped)) return;
  const slugs = new Set(shipped.filter((s): s is string => typeof s === 'string'));
  for (const anchor of root.querySelectorAll<HTMLAnchorElement>('a.card[data-slug]')) {
    const slug = anchor.dataset.slug ?? '';
    if (!slugs.has(slug)) continue;
    const image = (suffix: string, variant: string) =>
      h('img', {
        src: `gallery/${slug}${suffix}.png`,
        class: `thumb-${variant}`,
        alt: '',
        width: THUMBNAIL.width,
        height: THUMBNAIL.height,
        loading: 'lazy',
        decoding: 'async',
      });
    // Both pictures are in the page; the theme's CSS shows one (a lazy image that is not displayed is not fetched).
    anchor.prepend(...(dark ? [image('', 'light'), image('-dark', 'dark')] : [image('', 'light')]));
    anchor.classList.remove('no-thumbnail');
  }
}

/** Where a model's heads are analysed first: rank-zoo's head atlas of every head, the model chosen as their source. */
const MODEL_PAGE = '#exp=rank-zoo&v=3&seed=1&heads=model';

/**
 * The "Your model" card, first of the rank family's: it opens rank-zoo with the model chosen. Not an a.card: the
 * gallery's thumbnails are photographed from those (scripts/build-gallery.mjs), and a model has no preset to show.
 */
function modelCard(): HTMLElement {
  return h(
    'li',
    {},
    h(
      'a',
      { class: 'model-card', href: MODEL_PAGE, id: 'gallery-model-card' },
      h('span', { class: 'card-title' }, 'Your model'),
      h(
        'span',
        { class: 'card-claim' },
        'Every head of a Hugging Face model on your machine (BERT, GPT-2, LLaMA, Qwen2…): its rank certificates in ' +
          'a head atlas, on a text you type or from the weights alone.',
      ),
      h('span', { class: 'card-experiment' }, EXPERIMENTS.find((m) => m.id === 'rank-zoo')?.title ?? 'rank-zoo'),
    ),
  );
}

/** "Your model": a Hugging Face folder dropped here (or opened on the model's page) lands on its head atlas. */
function yourModel(): HTMLElement {
  const status = h('p', { class: 'gallery-paper', id: 'landing-model-status', role: 'status' });
  const zone = h(
    'section',
    { class: 'landing-model', id: 'landing-model', 'aria-labelledby': 'landing-model-title' },
    h('h2', { id: 'landing-model-title' }, 'Your model'),
    h(
      'p',
      { class: 'gallery-paper' },
      'Drop a Hugging Face model folder here (config.json, model.safetensors, tokenizer.json: BERT, RoBERTa, ' +
        'DistilBERT, GPT-2, LLaMA, Qwen2) to see every head’s rank certificates in a head atlas, or ',
      h('a', { href: MODEL_PAGE, id: 'landing-model-link' }, 'open the model’s page'),
      ' and choose it there. It is read on your machine and never leaves it.',
    ),
    status,
  );
  acceptDroppedFolder(
    zone,
    (entries, folder) => {
      handOver({ entries, folder });
      location.hash = MODEL_PAGE;
    },
    (message) => {
      status.textContent = `Could not read the dropped folder: ${message}`;
    },
  );
  return zone;
}

function renderLanding(root: HTMLElement): void {
  const first = EXPERIMENTS[0];
  root.replaceChildren(
    h(
      'div',
      { class: 'landing-intro' },
      h('h2', { id: 'landing-title' }, 'The theory of transformer attention, run in your browser'),
      h(
        'p',
        {},
        'attnlab reproduces the experiments of three recent papers on attention: pick one, ' +
          'move its parameters, and watch the simulation land on the theory, on the same plot. ',
        'Everything is computed on your machine by a C++ core compiled to ' +
          'WebAssembly; nothing is installed and nothing is sent anywhere. ',
        'Every view is a link that reproduces exactly what you saw, and every figure ' +
          'exports as SVG, PNG, CSV or JSON, or embeds in a blog post or a course page.',
      ),
      h(
        'p',
        {},
        h('a', { class: 'button-link primary', href: `#exp=${first.id}` }, 'Open the lab'),
        ' or start from one of the figures below: each card opens its experiment with the paper’s setting.',
      ),
    ),
    yourModel(),
    ...galleryGroups().map((group) =>
      h(
        'section',
        { class: 'gallery-group', 'aria-labelledby': `gallery-${group.family}` },
        h('h2', { id: `gallery-${group.family}` }, group.label),
        paperLine(group.family, group.paper),
        h('ul', { class: 'cards' }, ...(group.family === 'rank' ? [modelCard()] : []), ...group.cards.map(card)),
      ),
    ),
    h(
      'section',
      { id: 'glossary', class: 'landing-glossary', 'aria-labelledby': 'landing-glossary-title', tabindex: -1 },
      h('h2', { id: 'landing-glossary-title' }, 'Glossary'),
      h(
        'p',
        { class: 'gallery-paper' },
        'The words the experiments use, in plain language. On an experiment’s page, ' +
          'a dotted term shows its definition when you point at it or tab to it.',
      ),
      glossaryList('landing-'),
    ),
  );
  void addThumbnails(root);
}

/** Shows the landing page (rendered once) or the lab. */
export function showLanding(show: boolean): void {
  const root = document.getElementById('landing');
  if (!root) return;
  if (show && !root.childElementCount) renderLanding(root);
  root.hidden = !show;
  document.body.dataset.view = show ? 'landing' : 'lab';
  if (show && location.hash === GLOSSARY_HASH) document.getElementById('glossary')?.scrollIntoView();
}
