// SPDX-License-Identifier: Apache-2.0
// The "Embed…" dialog: builds the snippet for the current link (iframe or <attnlab-figure>, width,
// height or auto, title, hide flags, lazy loading; for a figure embed the figures, the controls and the
// colours, with a "Cite this figure" line) beside a live preview of exactly that snippet's
// page. The preview's own height messages give the snippet's fixed fallback height (the bottom of
// its first figure at that width, or of the chosen controls when they come after it), so a host without
// script (a course platform that strips it) still shows one whole figure and the controls under it.
import { heightOf } from '../../protocol/messages';
import { HIDEABLE, type Hideable } from '../../state/url';
import { copyText } from '../clipboard';
import { h } from '../dom';
import { cssWidth, embedSnippet, embedAddress, estimatedHeight, type EmbedOptions } from './embed-snippet';

const HIDE_LABELS: Record<Hideable, string> = {
  params: 'parameter panel',
  summary: 'summary',
  explain: 'explanation',
  export: 'export buttons',
  title: 'title line',
  headline: 'headline numbers',
  text: 'all prose (summary, explanation, captions)',
};
const DEFAULT_HIDE: Hideable[] = ['params', 'explain'];
/** The preview reloads this long after the last edit (typing a width should not reload it per key). */
const PREVIEW_DELAY_MS = 400;
/** The preview frame is never taller than this (its box scrolls: styles/page.css); its note says the real height. */
const PREVIEW_MAX_HEIGHT = 4000;

export class EmbedDialog {
  private dialog = h('dialog', { id: 'embed-dialog', class: 'embed-dialog', 'aria-labelledby': 'embed-dialog-title' });
  private kind = h(
    'select',
    { id: 'embed-kind' },
    h('option', { value: 'iframe' }, '<iframe> (any page)'),
    h('option', { value: 'element' }, '<attnlab-figure> element (one script)'),
  );
  private width = h('input', {
    id: 'embed-width',
    type: 'text',
    value: '100%',
    size: 8,
    'aria-describedby': 'embed-width-help',
  });
  private heightMode = h(
    'select',
    { id: 'embed-height-mode' },
    h('option', { value: 'auto' }, 'auto (follows the page)'),
    h('option', { value: 'fixed' }, 'fixed'),
  );
  private height = h('input', {
    id: 'embed-height',
    type: 'number',
    min: 120,
    max: 4000,
    step: 10,
    value: 600,
    'aria-label': 'Fixed height in pixels',
  });
  private title = h('input', { id: 'embed-title', type: 'text', size: 40 });
  private lazy = h('input', { id: 'embed-lazy', type: 'checkbox', checked: true });
  private api = h('input', { id: 'embed-api', type: 'checkbox' });
  private hides = HIDEABLE.map((part) =>
    h('input', { type: 'checkbox', value: part, id: `embed-hide-${part}`, checked: DEFAULT_HIDE.includes(part) }),
  );
  private theme = h(
    'select',
    { id: 'embed-theme' },
    h('option', { value: 'auto' }, "auto (the reader's)"),
    h('option', { value: 'light' }, 'light'),
    h('option', { value: 'dark' }, 'dark'),
  );
  private figureBox = h('fieldset', { class: 'group', id: 'embed-figures' });
  private controlBox = h('fieldset', { class: 'group', id: 'embed-controls' });
  private cite = h('p', { class: 'help cite-figure', id: 'embed-cite' });
  private snippet = h('textarea', {
    id: 'embed-snippet',
    readonly: true,
    rows: 5,
    class: 'copy-text',
    'aria-label': 'Embed snippet',
  });
  private status = h('p', { class: 'help', role: 'status', id: 'embed-status' });
  private preview = h('iframe', {
    id: 'embed-preview',
    class: 'embed-preview',
    title: 'Preview of the embedded view',
    loading: 'eager',
  });
  private previewNote = h('p', { class: 'help', id: 'embed-preview-note' });
  private measured: number | undefined;
  private previewSrc = '';
  private timer: ReturnType<typeof setTimeout> | undefined;
  private href = '';

  constructor() {
    const copy = h('button', { type: 'button', class: 'primary', id: 'embed-copy' }, 'Copy snippet');
    const close = h('button', { type: 'button', class: 'secondary', id: 'embed-close' }, 'Close');
    this.dialog.append(
      h('h2', { id: 'embed-dialog-title' }, 'Embed this view'),
      h('div', { class: 'embed-grid' }, this.optionsPanel(copy, close), this.previewBox()),
    );
    for (const control of [
      this.kind,
      this.width,
      this.heightMode,
      this.height,
      this.title,
      this.lazy,
      this.api,
      this.theme,
      this.figureBox,
      this.controlBox,
      ...this.hides,
    ]) {
      control.addEventListener('input', () => this.update());
      control.addEventListener('change', () => this.update());
    }
    copy.addEventListener('click', async () => {
      const ok = await copyText(this.snippet.value);
      this.status.textContent = ok
        ? 'Snippet copied to the clipboard.'
        : 'Could not copy automatically: select the snippet and copy it by hand.';
      if (!ok) this.snippet.select();
    });
    close.addEventListener('click', () => this.dialog.close());
    window.addEventListener('message', (event) => this.onMessage(event));
    document.body.append(this.dialog);
  }

  /** The snippet and Copy first (in view on a short screen), then the options that shape it. */
  private optionsPanel(copy: HTMLElement, close: HTMLElement): HTMLElement {
    const field = (label: string, control: HTMLElement, ...extra: HTMLElement[]) =>
      h(
        'div',
        { class: 'param' },
        h('label', { for: control.id }, label),
        h('div', { class: 'param-inputs' }, control, ...extra),
      );
    const check = (box: HTMLInputElement, text: string) =>
      h('div', { class: 'param' }, h('label', { class: 'check', for: box.id }, box, text));
    const hideBox = h(
      'fieldset',
      { class: 'group' },
      h('legend', {}, 'Hide'),
      ...this.hides.map((box) =>
        h('label', { class: 'check', for: box.id }, box, ` ${HIDE_LABELS[box.value as Hideable]}`),
      ),
    );
    return h(
      'div',
      { class: 'embed-options', role: 'group', 'aria-label': 'Embed options' },
      h('label', { for: this.snippet.id, class: 'group-label' }, 'Snippet'),
      this.snippet,
      this.status,
      h('div', { class: 'buttons' }, copy, close),
      field('As', this.kind),
      field('Width', this.width),
      h('p', { class: 'help', id: 'embed-width-help' }, '100%, 80% or pixels (e.g. 700)'),
      field('Height', this.heightMode, this.height),
      field('Title', this.title),
      check(this.lazy, ' load only when scrolled near (loading="lazy")'),
      check(
        this.api,
        ' let the host page set values, run and read the numbers (api=1; see the README, “Scripting an embed”)',
      ),
      field('Colours', this.theme),
      this.figureBox,
      this.controlBox,
      hideBox,
      this.cite,
    );
  }

  /**
   * The live preview. Focusable: the box scrolls when the embedded page is taller than the screen, and a keyboard must
   * reach that too.
   */
  private previewBox(): HTMLElement {
    return h(
      'div',
      { class: 'embed-preview-box', tabindex: 0, role: 'region', 'aria-label': 'Preview' },
      h('p', { class: 'group-label' }, 'Preview'),
      this.previewNote,
      this.preview,
    );
  }

  open(href: string, title: string): void {
    this.href = href;
    this.title.value = title;
    this.fillChoices();
    this.measured = undefined;
    this.status.textContent = '';
    this.dialog.showModal();
    this.update();
  }

  /** One box per figure on the page and per parameter of the panel (none ticked: the whole view). */
  private fillChoices(): void {
    const figures = [...document.querySelectorAll<HTMLElement>('#figures [data-figure]')].map((f) => ({
      value: f.dataset.figure ?? '',
      label: f.querySelector('h2')?.textContent ?? f.dataset.figure ?? '',
    }));
    const params = [...document.querySelectorAll<HTMLElement>('#params-form .param[data-param]')].map((p) => ({
      value: p.dataset.param ?? '',
      label: p.querySelector('label')?.textContent ?? p.dataset.param ?? '',
    }));
    const boxes = (name: string, items: { value: string; label: string }[]) =>
      items.map((item) => {
        const box = h('input', { type: 'checkbox', name, value: item.value, id: `embed-${name}-${item.value}` });
        return h('label', { class: 'check', for: box.id }, box, ` ${item.label}`);
      });
    this.figureBox.replaceChildren(
      h('legend', {}, 'Figures (none ticked: all, with the numbers)'),
      ...boxes('fig', figures),
    );
    this.controlBox.replaceChildren(
      h('legend', {}, 'Controls under the figure (moving one recomputes)'),
      ...boxes('control', params),
    );
  }

  private ticked(box: HTMLElement): string[] {
    return [...box.querySelectorAll<HTMLInputElement>('input:checked')].map((b) => b.value);
  }

  private options(): EmbedOptions {
    const hide = this.hides.filter((b) => b.checked).map((b) => b.value as Hideable);
    const theme = this.theme.value as 'auto' | 'light' | 'dark';
    const fixed = Math.max(120, Math.min(4000, Math.round(Number(this.height.value) || 600)));
    return {
      href: this.href,
      width: this.width.value,
      title: this.title.value.trim() || 'figure',
      hide,
      lazy: this.lazy.checked,
      kind: this.kind.value === 'element' ? 'element' : 'iframe',
      height: this.heightMode.value === 'auto' ? 'auto' : fixed,
      fallbackHeight: this.measured ?? estimatedHeight(hide, this.ticked(this.controlBox).length),
      figure: {
        fig: this.ticked(this.figureBox),
        controls: this.ticked(this.controlBox),
        theme,
        ...(this.api.checked ? { api: true } : {}),
      },
    };
  }

  private update(): void {
    const o = this.options();
    this.height.disabled = o.height === 'auto';
    this.snippet.value = embedSnippet(o);
    this.preview.style.width = cssWidth(o.width);
    if (o.height !== 'auto') this.preview.style.height = `${o.height}px`;
    const src = embedAddress(this.href, o.hide, o.figure);
    const figures = o.figure?.fig?.length
      ? o.figure.fig.map(
          (id) => this.figureBox.querySelector(`label[for="embed-fig-${id}"]`)?.textContent?.trim() ?? id,
        )
      : [];
    const cited = `${figures.length === 1 ? 'figure' : 'view'}: ${figures.length ? `“${figures.join('”, “')}”, ` : ''}`;
    this.cite.textContent = `Cite this ${cited}${o.title}, attnlab, ${src}`;
    if (src === this.previewSrc) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.previewSrc = src;
      this.measured = undefined;
      this.preview.src = src;
    }, PREVIEW_DELAY_MS);
  }

  /** The preview's height: sizes it in auto mode, and its first figure's bottom becomes the fallback height. */
  private onMessage(event: MessageEvent): void {
    if (event.source !== this.preview.contentWindow) return;
    const m = heightOf(event.data);
    if (!m) return;
    // Auto: the preview follows the page up to a screenful (the note gives the height a host would set).
    if (this.heightMode.value === 'auto')
      this.preview.style.height = `${Math.min(PREVIEW_MAX_HEIGHT, Math.max(120, m.height))}px`;
    const controls = typeof m.controlsBottom === 'number' && m.controlsBottom > 0 ? Math.round(m.controlsBottom) : 0;
    const figure = typeof m.figureBottom === 'number' && m.figureBottom > 0 ? Math.round(m.figureBottom) : 0;
    const figureAt = figure ? `; its first figure ends at ${figure} px` : '';
    const ends = `${figureAt}${controls ? `, its controls at ${controls} px` : ''}`;
    this.previewNote.textContent = `The embedded page is ${Math.round(m.height)} px tall at this width${ends}.`;
    if (figure || controls) {
      // Without the host script the frame keeps this height: the first figure and, when chosen, the controls below.
      this.measured = Math.min(Math.ceil(m.height), Math.max(figure, controls));
      this.snippet.value = embedSnippet(this.options());
    }
  }
}
