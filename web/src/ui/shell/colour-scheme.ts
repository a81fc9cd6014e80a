// SPDX-License-Identifier: Apache-2.0
// Light or dark: an embed's theme= (a host with its own colours), else the reader's choice (the header's toggle,
// remembered in localStorage, never in the link), else the system's prefers-color-scheme. Sets :root[data-theme] for
// the page's CSS and the figures' palette (plots/figure-style.ts); figures are redrawn by the caller when it changes.
import { setPlotTheme } from '../../plots/figure-style';

const STORAGE_KEY = 'attnlab-theme';
type Choice = 'light' | 'dark';

function storedChoice(): Choice | undefined {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : undefined;
  } catch {
    return undefined; // storage blocked (some embedding contexts): follow the system
  }
}

function store(choice: Choice): void {
  try {
    localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    /* the choice lasts for this page only */
  }
}

/** An embed link's theme= ('auto' or absent: undefined). */
let linkChoice: Choice | undefined;
let applyTheme: (() => boolean) | undefined;

/** Sets the embed link's theme (undefined: the reader's or the system's); true when the page's theme changed. */
export function setLinkTheme(choice: Choice | undefined): boolean {
  if (choice === linkChoice) return false;
  linkChoice = choice;
  const before = document.documentElement.dataset.theme;
  applyTheme?.();
  return document.documentElement.dataset.theme !== before;
}

const systemDark = () => typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;

/** Applies the current theme now; calls `onChange` after the toggle or the system switches it. */
export function initTheme(onChange: () => void): void {
  const button = document.getElementById('theme-toggle');
  const apply = () => {
    const dark = (linkChoice ?? storedChoice() ?? (systemDark() ? 'dark' : 'light')) === 'dark';
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
    setPlotTheme(dark);
    if (button) button.textContent = dark ? 'Light colours' : 'Dark colours'; // what pressing it does
    return dark;
  };
  apply();
  applyTheme = apply;
  button?.addEventListener('click', () => {
    store(document.documentElement.dataset.theme === 'dark' ? 'light' : 'dark');
    apply();
    onChange();
  });
  matchMedia?.('(prefers-color-scheme: dark)').addEventListener?.('change', () => {
    if (storedChoice() || linkChoice) return; // an explicit choice wins over the system
    apply();
    onChange();
  });
  // Another tab changed the choice.
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY) {
      apply();
      onChange();
    }
  });
}
