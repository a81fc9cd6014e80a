// SPDX-License-Identifier: Apache-2.0
// attnlab-figure.js, <attnlab-figure>: an attnlab view as one tag, for hosts that prefer a tag to an <iframe> (built
// into the site by web/public-clients.ts).
//
//   <script src="https://you.example/attnlab/attnlab-figure.js" defer></script>
//   <attnlab-figure src="https://you.example/attnlab/#exp=rank-n&v=2&seed=1" fig="rank" controls="beta">
//   </attnlab-figure>
//
// Attributes:
//   src       an attnlab link; a bare "#exp=…" hash is read relative to this script's folder
//   hide      the link's hide= list
//   fig       the figures to show, in order
//   controls  the parameters shown as controls under the figure
//   theme     light, dark or auto (the host's colours)
//   title     the frame's accessible name
//   height    "auto" (the default: it follows the figure) or pixels
//   loading   "lazy" (the default) or "eager"
//
// The element creates an <iframe> in its shadow root with embed=1 and sizes it from the page's attnlab:height
// messages. With api=1 in its src (the Embed dialog's "let the host page…"), it is scriptable (protocol/messages.ts;
// README, "Scripting an embed"):
//   el.set({beta: 4})                   applies values as in a link (all or none)
//   el.run()                            runs the current values
//   el.get().then((state) => …)         the embed's state: {link, values, status}
//   events attnlab:change, attnlab:result, attnlab:state, attnlab:error on the element, each with the embed's
//   message as event.detail
//
// No framework, no globals; the element is defined once even if the script is included twice.
import {
  embedSrc,
  frameHeight,
  heightOf,
  isEmbedMessage,
  MAX_FRAME_HEIGHT,
  MESSAGE,
  MIN_FRAME_HEIGHT,
  type Command,
  type SetCommand,
  type StateMessage,
} from './messages';

const SCRIPT_URL = (document.currentScript as HTMLScriptElement | null)?.src || location.href;
const FALLBACK_HEIGHT = 600;
const HIDE = /^[a-z]+(,[a-z]+)*$/;
const IDS = /^[A-Za-z][\w-]*(,[A-Za-z][\w-]*)*$/;
const THEME = /^(light|dark|auto)$/;

/** An attribute's value when it has the form `pattern` asks, else null (the link's own pair dropped). */
const valid = (value: string | null, pattern: RegExp) => (value && pattern.test(value) ? value : null);

class AttnlabFigure extends HTMLElement {
  static get observedAttributes() {
    return ['src', 'hide', 'fig', 'controls', 'theme', 'title', 'height', 'loading'];
  }

  private readonly frame = document.createElement('iframe');

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent = ':host{display:block;max-width:100%}iframe{display:block;width:100%;border:0}';
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

  /** The height attribute in pixels (0: auto). */
  private fixedHeight(): number {
    const h = Number(this.getAttribute('height'));
    return Number.isFinite(h) && h >= MIN_FRAME_HEIGHT ? Math.min(MAX_FRAME_HEIGHT, Math.round(h)) : 0;
  }

  /**
   * The link in embed mode: embed=1 and hide= set from the attributes, fig=, controls= and theme= too when given
   * (each only in the form it takes), every other pair of the link kept as written.
   */
  private embedLink(src: string): string {
    const bare = src.charAt(0) === '#';
    const set: Record<string, string | null> = { embed: '1', hide: valid(this.getAttribute('hide'), HIDE) };
    const fig = this.getAttribute('fig'),
      controls = this.getAttribute('controls'),
      theme = this.getAttribute('theme');
    if (fig) set.fig = valid(fig, IDS);
    if (controls) set.controls = valid(controls, IDS);
    if (theme) set.theme = valid(theme, THEME);
    return embedSrc(new URL(bare ? `./${src}` : src, bare ? SCRIPT_URL : document.baseURI), set);
  }

  private update() {
    const src = this.getAttribute('src');
    if (!src) return;
    this.frame.title = this.getAttribute('title') || 'attnlab figure';
    this.frame.loading = this.getAttribute('loading') === 'eager' ? 'eager' : 'lazy';
    if (!this.frame.style.height || this.fixedHeight())
      this.frame.style.height = `${this.fixedHeight() || FALLBACK_HEIGHT}px`;
    const next = this.embedLink(src);
    if (this.frame.src !== next) this.frame.src = next;
  }

  /** Posts a command to the embedded page (its own origin only). */
  private send(command: Command) {
    if (!this.frame.contentWindow || !this.frame.src) return;
    this.frame.contentWindow.postMessage(command, new URL(this.frame.src).origin);
  }

  set(params: SetCommand['params']) {
    this.send({ type: MESSAGE.set, params });
  }

  run() {
    this.send({ type: MESSAGE.run });
  }

  /** The embed's state ({link, values, status}), as a promise. */
  get(): Promise<StateMessage> {
    return new Promise((resolve) => {
      this.addEventListener(MESSAGE.state, (e) => resolve((e as CustomEvent<StateMessage>).detail), { once: true });
      this.send({ type: MESSAGE.get });
    });
  }

  private onMessage(event: MessageEvent) {
    if (event.source !== this.frame.contentWindow) return;
    const height = heightOf(event.data);
    if (height) {
      if (this.fixedHeight()) return;
      const h = frameHeight(height.height);
      this.frame.style.height = `${h}px`;
      this.setAttribute('data-height', String(h));
    } else if (isEmbedMessage(event.data) && event.data.type !== MESSAGE.height)
      this.dispatchEvent(new CustomEvent(event.data.type, { detail: event.data }));
  }
}

if (window.customElements && !customElements.get('attnlab-figure'))
  customElements.define('attnlab-figure', AttnlabFigure);
