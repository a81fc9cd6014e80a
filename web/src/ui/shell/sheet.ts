// SPDX-License-Identifier: Apache-2.0
// On a phone the figures come first and the parameters are a sheet that opens from the run bar (the
// "Parameters" button; styles/page.css shows it under 700 px only). Run and Esc close it, so the figure
// the run updates is in view; a parameter that needs fixing opens it.
import { byId } from '../dom';

const OPEN_CLASS = 'sheet-open';

export function setSheetOpen(open: boolean): void {
  document.body.classList.toggle(OPEN_CLASS, open);
  byId('sheet-toggle').setAttribute('aria-expanded', String(open));
}

const sheetOpen = (): boolean => document.body.classList.contains(OPEN_CLASS);

export function wireSheet(form: HTMLFormElement): void {
  const toggle = byId<HTMLButtonElement>('sheet-toggle');
  toggle.addEventListener('click', () => {
    setSheetOpen(!sheetOpen());
    if (sheetOpen()) form.querySelector<HTMLElement>('input, select')?.focus({ preventScroll: true });
  });
  form.addEventListener('submit', () => setSheetOpen(false));
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && sheetOpen()) {
      setSheetOpen(false);
      toggle.focus();
    }
  });
}
