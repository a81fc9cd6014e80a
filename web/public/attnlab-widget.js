// SPDX-License-Identifier: Apache-2.0
// attnlab as a notebook widget: an ES module that follows anywidget's contract (`export default { render({ model, el })
// }`), so it runs in Jupyter and marimo through the Python `anywidget` package and in MyST's {anywidget} directive,
// with no kernel needed for the latter. The model's traits: src (string) an attnlab link, e.g.
// "https://you.example/attnlab/#exp=rank-n&v=3&seed=1" (required) params (object) parameter values as in a link, e.g.
// {beta: 4}; set from the notebook, they are applied and run headline (object) written by the widget: the headline's
// numbers by name after each result link (string) written by the widget: the embed's current link error (string)
// written by the widget: the last refusal ("" when none) height (number) optional frame height in pixels (default:
// follows the page) The view is an <iframe> with embed=1 and api=1, driven by the host-page API (README, "Scripting an
// embed").
function embedSrc(src) {
  const url = new URL(src, document.baseURI);
  const pairs = url.hash
    .replace(/^#/, '')
    .split('&')
    .filter((p) => p && !/^(embed|api)=/.test(p));
  pairs.push('embed=1', 'api=1');
  url.hash = pairs.join('&');
  return url.href;
}

function render({ model, el }) {
  const src = model.get('src');
  if (typeof src !== 'string' || !src) {
    el.textContent = 'attnlab widget: set src to an attnlab link.';
    return undefined;
  }
  const frame = document.createElement('iframe');
  frame.src = embedSrc(src);
  frame.title = 'attnlab';
  frame.style.cssText = 'display:block;width:100%;border:0';
  frame.style.height = `${Number(model.get('height')) || 600}px`;
  el.append(frame);
  const origin = new URL(frame.src).origin;
  let ready = false; // the embed has answered once: commands sent before that would be lost
  let runAfterSet = false; // a set was sent: run once it is applied (not when it is refused)
  const send = (message) => frame.contentWindow?.postMessage(message, origin);
  const applyParams = () => {
    const params = model.get('params');
    if (!ready || !params || typeof params !== 'object' || !Object.keys(params).length) return;
    runAfterSet = true;
    send({ type: 'attnlab:set', params });
  };
  const write = (changes) => {
    for (const [key, value] of Object.entries(changes)) model.set(key, value);
    model.save_changes();
  };
  const onMessage = (event) => {
    const m = event.data;
    if (event.source !== frame.contentWindow || !m || typeof m.type !== 'string') return;
    if (m.type === 'attnlab:height' && !Number(model.get('height')))
      frame.style.height = `${Math.max(100, Math.min(20000, Math.ceil(m.height)))}px`;
    else if (m.type === 'attnlab:result') {
      const first = !ready;
      ready = true;
      write({ headline: m.headline, link: m.link, error: '' });
      if (first) applyParams(); // values set before the embed was ready
    } else if (m.type === 'attnlab:state') {
      write({ link: m.link, error: '' });
      if (runAfterSet) send({ type: 'attnlab:run' });
      runAfterSet = false;
    } else if (m.type === 'attnlab:change') write({ link: m.link });
    else if (m.type === 'attnlab:error') {
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
