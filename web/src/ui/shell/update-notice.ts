// SPDX-License-Identifier: Apache-2.0
// Offline use and updates: registers the service worker that vite.config.ts builds (it precaches the
// whole app), and when a new version of attnlab has been deployed and is waiting, says so with a
// Reload button. It never reloads by itself: a running computation would be lost.
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';
import { byId, h } from '../dom';

/** virtual:pwa-register's registerSW, passed in so tests can drive its callbacks. */
export type RegisterSW = (options: RegisterSWOptions) => (reloadPage?: boolean) => Promise<void>;

/** Where the notice is shown: `show` may be called again while it is up. */
interface UpdateNoticeView {
  show(onReload: () => void): void;
}

/** How often an open page asks the server whether a new version was deployed (besides on every load). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

const UPDATE_TEXT = 'A new version of attnlab is available.';

/** Registers the service worker and offers each new version through `view`; `reload` reloads the page. */
export function offerUpdates(
  register: RegisterSW,
  view: UpdateNoticeView,
  reload: () => void = () => location.reload(),
): void {
  let requested = false; // this page's Reload asked the waiting version to take over
  let takenOver = false; // the new version already serves this page (another tab's Reload)
  const onReload = () => {
    if (takenOver) {
      reload();
      return;
    }
    requested = true;
    void activateWaiting();
  };
  const activateWaiting = register({
    onNeedRefresh: () => view.show(onReload),
    // The new version took over: after our Reload, load it; after another tab's, only say so.
    onNeedReload: () => {
      if (requested) {
        reload();
        return;
      }
      takenOver = true;
      view.show(onReload);
    },
    onRegisteredSW: (_url, registration) => {
      // offline: next time
      if (registration) setInterval(() => registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
    onRegisterError: () => undefined, // no offline copy (a private window, workers blocked): the page works as before
  });
}

/**
 * The notice in the page's live region #update-notice (role=status): one line, Reload, and Later, which
 * hides it for this page (the next visit opens the new version anyway).
 */
export function pageNotice(region: HTMLElement = byId('update-notice')): UpdateNoticeView {
  let dismissed = false;
  return {
    show(onReload) {
      if (dismissed || region.childElementCount) return;
      const reload = h(
        'button',
        {
          type: 'button',
          class: 'primary small',
          title: 'Loads the new version; the link keeps your parameters, a running computation stops',
        },
        'Reload',
      );
      reload.addEventListener('click', onReload);
      const later = h(
        'button',
        { type: 'button', class: 'secondary small', title: 'Hides this notice; the next visit opens the new version' },
        'Later',
      );
      later.addEventListener('click', () => {
        dismissed = true;
        region.replaceChildren();
      });
      region.append(h('p', { class: 'update-line' }, h('span', {}, UPDATE_TEXT), reload, later));
    },
  };
}
