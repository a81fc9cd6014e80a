// SPDX-License-Identifier: Apache-2.0
// attnlab-embed-host.js, the host page's script that sizes every attnlab <iframe> on the page to its content (built
// into the site by web/public-clients.ts). Include it once, anywhere on the host page:
//
//   <script src="https://you.example/attnlab/attnlab-embed-host.js" defer></script>
//
//   - An embedded attnlab page (embed=1) posts attnlab:height to its parent whenever its height changes
//     (protocol/messages.ts); this script sets the height of the <iframe> the message came from, matched by its
//     window, so no other frame can resize it, within MIN_FRAME_HEIGHT … MAX_FRAME_HEIGHT.
//   - A frame marked data-attnlab-fixed keeps the height it was given; a sized frame carries data-attnlab-height.
//   - No dependencies, no globals besides one flag: included twice, it listens once.
import { frameHeight, heightOf } from './messages';

const host = window as Window & { __attnlabEmbedHost?: boolean };

function frameOf(source: MessageEventSource | null): HTMLIFrameElement | undefined {
  return [...document.getElementsByTagName('iframe')].find((frame) => frame.contentWindow === source);
}

if (!host.__attnlabEmbedHost) {
  host.__attnlabEmbedHost = true;
  window.addEventListener('message', (event) => {
    const m = heightOf(event.data);
    const frame = m && frameOf(event.source);
    if (!m || !frame || frame.hasAttribute('data-attnlab-fixed')) return;
    const height = frameHeight(m.height);
    frame.style.height = `${height}px`;
    frame.setAttribute('data-attnlab-height', String(height));
  });
}
