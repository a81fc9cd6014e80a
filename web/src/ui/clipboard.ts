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
  try { ok = document.execCommand('copy'); } catch { ok = false; }
  area.remove();
  active?.focus();
  return ok;
}
