// SPDX-License-Identifier: Apache-2.0
// attnlab embed host script: sizes every attnlab <iframe> on the page to its content.
// Include once, anywhere on the host page:  <script src="…/attnlab-embed-host.js" defer></script>
// An embedded attnlab page (embed=1) posts {type: 'attnlab:height', height, figureBottom, href} to
// its parent whenever its height changes; this script sets the height of the <iframe> the message
// came from (matched by its window, so no other frame can resize it). Frames marked
// data-attnlab-fixed keep the height they were given. No dependencies, no globals besides one flag.
(function () {
  'use strict';
  if (window.__attnlabEmbedHost) return; // included twice: one listener is enough
  window.__attnlabEmbedHost = true;
  var MIN = 100,
    MAX = 20000;

  function frameOf(source) {
    var frames = document.getElementsByTagName('iframe');
    for (var i = 0; i < frames.length; i++) if (frames[i].contentWindow === source) return frames[i];
    return null;
  }

  window.addEventListener('message', function (event) {
    var m = event.data;
    if (!m || m.type !== 'attnlab:height' || typeof m.height !== 'number' || !isFinite(m.height)) return;
    var frame = frameOf(event.source);
    if (!frame || frame.hasAttribute('data-attnlab-fixed')) return;
    var height = Math.max(MIN, Math.min(MAX, Math.ceil(m.height)));
    frame.style.height = height + 'px';
    frame.setAttribute('data-attnlab-height', String(height));
  });
})();
