// SPDX-License-Identifier: Apache-2.0
// A full-page switch the browser remembers (localStorage `key`: '1' or '0'): on unless the reader turned it off.
// Without storage (private modes, blocked cookies) it starts on and is simply not remembered.

/** Sets `box` from what was stored, stores each change and then calls `onChange`; returns whether it is on. */
export function rememberedSwitch(box: HTMLInputElement, key: string, onChange?: (on: boolean) => void): boolean {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(key);
  } catch {
    /* storage off: the default */
  }
  box.checked = stored !== '0';
  box.addEventListener('change', () => {
    try {
      localStorage.setItem(key, box.checked ? '1' : '0');
    } catch {
      /* not remembered */
    }
    onChange?.(box.checked);
  });
  return box.checked;
}
