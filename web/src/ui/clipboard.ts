// SPDX-License-Identifier: Apache-2.0
// Copy text: the async Clipboard API where allowed (secure contexts), else a hidden textarea and
// execCommand, which still works on plain http and in some embedded frames.
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the legacy path (permission denied, unfocused document)
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  Object.assign(area.style, { position: 'fixed', top: '0', left: '0', opacity: '0' });
  document.body.append(area);
  const active = document.activeElement as HTMLElement | null;
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  active?.focus();
  return ok;
}

/** A Copy button and the status line beside it that says whether copying worked (role=status). */
export function copyButton(text: string, attrs: { label: string; id: string; ariaLabel?: string }): HTMLElement[] {
  const status = document.createElement('span');
  status.className = 'help';
  status.setAttribute('role', 'status');
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'secondary small';
  button.dataset.copy = attrs.id;
  button.textContent = attrs.label;
  if (attrs.ariaLabel) button.setAttribute('aria-label', attrs.ariaLabel);
  button.addEventListener('click', async () => {
    status.textContent = (await copyText(text)) ? 'Copied.' : 'Could not copy: select the text and copy it by hand.';
  });
  return [button, status];
}
