// SPDX-License-Identifier: Apache-2.0
// attnlab-widget.js, attnlab as a notebook widget (built into the site by web/public-clients.ts): an ES module that
// follows anywidget's contract, `export default { render({ model, el }) }`, so it runs in Jupyter and marimo through
// the Python anywidget package, and in MyST's {anywidget} directive with no kernel at all.
//
// The model's traits:
//   src       string, required   an attnlab link, e.g. "https://you.example/attnlab/#exp=rank-n&v=3&seed=1"
//   params    object             parameter values as in a link, e.g. {beta: 4}; set from the notebook, they are
//                                applied and run
//   headline  object, written    the headline's numbers by name, after each result
//   link      string, written    the embed's current link
//   error     string, written    the last refusal ("" when none)
//   height    number             the frame's height in pixels (default: it follows the page)
//
// The view is an <iframe> with embed=1 and api=1, driven by the host-page API (protocol/messages.ts; README,
// "Scripting an embed").
import { embedSrc, frameHeight, heightOf, isEmbedMessage, MESSAGE, type Command } from './messages';

/** What anywidget gives a widget's render: the model of its traits and the element to draw in. */
interface WidgetModel {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  on(event: string, callback: () => void): void;
  off(event: string, callback: () => void): void;
  save_changes(): void;
}

function render({ model, el }: { model: WidgetModel; el: HTMLElement }): (() => void) | undefined {
  const src = model.get('src');
  if (typeof src !== 'string' || !src) {
    el.textContent = 'attnlab widget: set src to an attnlab link.';
    return undefined;
  }
  const frame = document.createElement('iframe');
  frame.src = embedSrc(new URL(src, document.baseURI), { embed: '1', api: '1' });
  frame.title = 'attnlab';
  frame.style.cssText = 'display:block;width:100%;border:0';
  frame.style.height = `${Number(model.get('height')) || 600}px`;
  el.append(frame);
  const origin = new URL(frame.src).origin;
  let ready = false; // the embed has answered once: commands sent before that would be lost
  let runAfterSet = false; // a set was sent: run once it is applied (not when it is refused)
  const send = (command: Command) => frame.contentWindow?.postMessage(command, origin);
  const applyParams = () => {
    const params = model.get('params');
    if (!ready || !params || typeof params !== 'object' || !Object.keys(params).length) return;
    runAfterSet = true;
    send({ type: MESSAGE.set, params: params as Record<string, string | number | number[]> });
  };
  const write = (changes: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(changes)) model.set(key, value);
    model.save_changes();
  };
  const onMessage = (event: MessageEvent) => {
    if (event.source !== frame.contentWindow) return;
    const height = heightOf(event.data);
    if (height) {
      if (!Number(model.get('height'))) frame.style.height = `${frameHeight(height.height)}px`;
      return;
    }
    if (!isEmbedMessage(event.data)) return;
    const m = event.data;
    if (m.type === MESSAGE.result) {
      const first = !ready;
      ready = true;
      write({ headline: m.headline, link: m.link, error: '' });
      if (first) applyParams(); // values set before the embed was ready
    } else if (m.type === MESSAGE.state) {
      write({ link: m.link, error: '' });
      if (runAfterSet) send({ type: MESSAGE.run });
      runAfterSet = false;
    } else if (m.type === MESSAGE.change) write({ link: m.link });
    else if (m.type === MESSAGE.error) {
      runAfterSet = false;
      write({ error: m.error });
    }
  };
  window.addEventListener('message', onMessage);
  model.on('change:params', applyParams);
  return () => {
    window.removeEventListener('message', onMessage);
    model.off('change:params', applyParams);
  };
}

export default { render };
