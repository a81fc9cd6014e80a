// SPDX-License-Identifier: Apache-2.0
// <attnlab-figure>: an attnlab view as one tag, for hosts that prefer a tag to an <iframe>. <script
// src="https://…/attnlab/attnlab-figure.js" defer></script> <attnlab-figure
// src="https://…/attnlab/#exp=rank-n&v=2&seed=1" fig="rank" controls="beta"></attnlab-figure> Attributes: src (an
// attnlab link; a bare "#exp=…" hash is read relative to this script's folder), hide (the link's hide= list), fig
// (the figures to show, in order), controls (the parameters shown as controls under the figure), theme (light, dark or
// auto: the host's colours), title (the frame's accessible name), height ("auto", the default, follows the figure; or
// pixels), loading ("lazy" or "eager"). The element creates an <iframe> in its shadow root with embed=1 and sizes it
// from the page's 'attnlab:height' messages. With api=1 in its src (the Embed dialog's "let the host page…"), the
// element is scriptable: el.set({beta: 4}) el.run() el.get().then(state => …) and the events 'attnlab:change',
// 'attnlab:result', 'attnlab:state', 'attnlab:error' on the element, each with the embed's message as event.detail
// (README, "Scripting an embed"). No framework, no globals; the element is defined once even if the script is included
// twice.
(function () {
  'use strict';
  if (!window.customElements || customElements.get('attnlab-figure')) return;
  var SCRIPT_URL = (document.currentScript && document.currentScript.src) || location.href;
  var FALLBACK_HEIGHT = 600,
    MIN = 100,
    MAX = 20000;
  var HIDE = /^[a-z]+(,[a-z]+)*$/;
  var IDS = /^[A-Za-z][\w-]*(,[A-Za-z][\w-]*)*$/;

  /**
   * The link in embed mode: embed=1 and hide=, fig=, controls= set from the attributes given, every other hash pair
   * kept as written.
   */
  function embedSrc(src, hide, fig, controls, theme) {
    var url = new URL(src.charAt(0) === '#' ? './' + src : src, src.charAt(0) === '#' ? SCRIPT_URL : document.baseURI);
    var replaced = ['embed', 'hide'].concat(fig ? ['fig'] : [], controls ? ['controls'] : [], theme ? ['theme'] : []);
    var pairs = url.hash
      .replace(/^#/, '')
      .split('&')
      .filter(function (p) {
        return p && replaced.indexOf(p.split('=')[0]) < 0;
      });
    pairs.push('embed=1');
    if (hide && HIDE.test(hide)) pairs.push('hide=' + hide);
    if (fig && IDS.test(fig)) pairs.push('fig=' + fig);
    if (controls && IDS.test(controls)) pairs.push('controls=' + controls);
    if (theme && /^(light|dark|auto)$/.test(theme)) pairs.push('theme=' + theme);
    url.hash = pairs.join('&');
    return url.href;
  }

  class AttnlabFigure extends HTMLElement {
    static get observedAttributes() {
      return ['src', 'hide', 'fig', 'controls', 'theme', 'title', 'height', 'loading'];
    }

    constructor() {
      super();
      var root = this.attachShadow({ mode: 'open' });
      var style = document.createElement('style');
      style.textContent = ':host{display:block;max-width:100%}iframe{display:block;width:100%;border:0}';
      this.frame = document.createElement('iframe');
      root.append(style, this.frame);
      this.onMessage = this.onMessage.bind(this);
    }

    connectedCallback() {
      window.addEventListener('message', this.onMessage);
      this.update();
    }

    disconnectedCallback() {
      window.removeEventListener('message', this.onMessage);
    }

    attributeChangedCallback() {
      if (this.isConnected) this.update();
    }

    fixedHeight() {
      var h = Number(this.getAttribute('height'));
      return Number.isFinite(h) && h >= MIN ? Math.min(MAX, Math.round(h)) : 0;
    }

    update() {
      var src = this.getAttribute('src');
      if (!src) return;
      this.frame.title = this.getAttribute('title') || 'attnlab figure';
      this.frame.loading = this.getAttribute('loading') === 'eager' ? 'eager' : 'lazy';
      if (!this.frame.style.height) this.frame.style.height = (this.fixedHeight() || FALLBACK_HEIGHT) + 'px';
      if (this.fixedHeight()) this.frame.style.height = this.fixedHeight() + 'px';
      var next = embedSrc(
        src,
        this.getAttribute('hide'),
        this.getAttribute('fig'),
        this.getAttribute('controls'),
        this.getAttribute('theme'),
      );
      if (this.frame.src !== next) this.frame.src = next;
    }

    /** Posts a command to the embedded page (its own origin only). */
    send(message) {
      if (!this.frame.contentWindow || !this.frame.src) return;
      this.frame.contentWindow.postMessage(message, new URL(this.frame.src).origin);
    }

    set(params) {
      this.send({ type: 'attnlab:set', params: params });
    }

    run() {
      this.send({ type: 'attnlab:run' });
    }

    /** The embed's state ({link, values, status}), as a promise. */
    get() {
      var self = this;
      return new Promise(function (resolve) {
        self.addEventListener(
          'attnlab:state',
          function (e) {
            resolve(e.detail);
          },
          { once: true },
        );
        self.send({ type: 'attnlab:get' });
      });
    }

    onMessage(event) {
      var m = event.data;
      if (event.source !== this.frame.contentWindow || !m || typeof m.type !== 'string') return;
      if (/^attnlab:(state|change|result|error)$/.test(m.type)) {
        this.dispatchEvent(new CustomEvent(m.type, { detail: m }));
        return;
      }
      if (m.type !== 'attnlab:height' || typeof m.height !== 'number') return;
      if (this.fixedHeight() || !isFinite(m.height)) return;
      var height = Math.max(MIN, Math.min(MAX, Math.ceil(m.height)));
      this.frame.style.height = height + 'px';
      this.setAttribute('data-height', String(height));
    }
  }

  customElements.define('attnlab-figure', AttnlabFigure);
})();
