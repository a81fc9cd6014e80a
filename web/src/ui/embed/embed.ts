// SPDX-License-Identifier: Apache-2.0
// Embed mode is a flag on the same app: embed=1 hides the header and picker and puts the figures
// first (the title and run status in one bar, then the figures, the panel below); hide=params,…
// hides the listed parts (each marked data-ui="<part>" in the page; see HIDEABLE in state/url.ts).
// An embedded view starts computing only once it is scrolled into view, and tells its host page
// its height (protocol/messages.ts: attnlab:height).
import { MESSAGE, type HeightMessage } from '../../protocol/messages';
import type { AppState } from '../../state/url';
import { byId } from '../dom';

export function applyEmbed(state: AppState, fullAppHref: string, title: string): void {
  document.body.classList.toggle('embed', state.embed);
  const hidden = new Set<string>(state.hide);
  if (state.embed) {
    hidden.add('header');
    hidden.add('picker');
  }
  // fig= or controls=: a figure embed shows the title bar, the figure(s) and the chosen controls only.
  const figureEmbed = state.embed && Boolean(state.fig?.length || state.controls?.length);
  if (figureEmbed) for (const part of ['summary', 'explain', 'headline']) hidden.add(part);
  if (figureEmbed && !state.controls?.length) hidden.add('params');
  if (state.embed && state.controls?.length) hidden.delete('params'); // the controls asked for, even with hide=params
  document.body.classList.toggle('figure-embed', figureEmbed);
  showOnlyControls(state.embed ? state.controls : undefined);
  // CSS does the hiding (styles/base.css, [data-hide~=…]) so parts drawn later, like export buttons, hide too.
  document.body.dataset.hide = [...hidden].join(' ');
  byId('experiment-title').textContent = title;
  setOpenFull(fullAppHref);
  arrange(state.embed);
}

/**
 * "Open in attnlab ↗" opens the full page on the frame's current state: set again on every edit the address follows.
 */
export function setOpenFull(fullAppHref: string): void {
  byId<HTMLAnchorElement>('open-full').href = fullAppHref;
}

/**
 * controls=: only the listed parameters stay in the panel, as compact controls (label, slider or
 * select, value); every group, preset bar and file field without one of them is hidden.
 */
function showOnlyControls(keys: readonly string[] | undefined): void {
  const form = document.getElementById('params-form');
  if (!form) return;
  form.classList.toggle('compact', Boolean(keys));
  for (const param of form.querySelectorAll<HTMLElement>('.param[data-param]'))
    param.hidden = Boolean(keys) && !keys!.includes(param.dataset.param ?? '');
  for (const part of form.querySelectorAll<HTMLElement>(':scope > *'))
    part.hidden = Boolean(keys) && !part.querySelector('.param[data-param]:not([hidden])');
}

/**
 * Figures first in embed mode: the run controls join the title bar, the panel goes after the results.
 * Nothing moves when it is already in place (moving a focused control would take the focus away).
 */
function arrange(embed: boolean): void {
  const actions = document.querySelector('.actions');
  const aside = document.querySelector('.controls');
  const layout = document.querySelector('.layout');
  const picker = document.querySelector('[data-ui="picker"]');
  const bar = byId('embed-bar');
  if (!actions || !aside || !layout || !picker) return;
  if (embed) {
    if (actions.parentElement !== bar) bar.append(actions);
    if (layout.lastElementChild !== aside) layout.append(aside);
  } else {
    if (picker.nextElementSibling !== actions) picker.after(actions);
    if (layout.firstElementChild !== aside) layout.prepend(aside);
  }
}

/** Calls `start` once `element` is (partly) in the top-level viewport; returns a function that cancels. */
export function whenVisible(element: Element, start: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    start();
    return () => undefined;
  }
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    observer.disconnect();
    start();
  });
  observer.observe(element);
  return () => observer.disconnect();
}

/**
 * Inside a frame, posts a HeightMessage to the parent whenever the page's height changes. The page
 * in embed mode has no height tied to the viewport (styles/base.css), so sizing the frame to it is stable.
 */
export function postHeightToHost(): void {
  if (window.parent === window) return;
  let last = '';
  const post = () => {
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    const figure = document.querySelector('[data-figure]');
    const figureBottom = figure ? Math.ceil(figure.getBoundingClientRect().bottom + window.scrollY + 12) : undefined;
    const controls = document.body.classList.contains('figure-embed')
      ? [...document.querySelectorAll<HTMLElement>('#params-form .param[data-param]:not([hidden])')]
      : [];
    const controlsBottom = controls.length
      ? Math.ceil(Math.max(...controls.map((c) => c.getBoundingClientRect().bottom)) + window.scrollY + 16)
      : undefined;
    const message: HeightMessage = {
      type: MESSAGE.height,
      height,
      ...(figureBottom ? { figureBottom } : {}),
      ...(controlsBottom ? { controlsBottom } : {}),
      href: location.href,
    };
    const key = JSON.stringify(message);
    if (key === last) return;
    last = key;
    // '*': the host's origin is unknown, and the message says nothing the host's own <iframe src> does not.
    window.parent.postMessage(message, '*');
  };
  new ResizeObserver(post).observe(document.body);
  window.addEventListener('hashchange', post);
}
