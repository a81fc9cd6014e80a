// SPDX-License-Identifier: Apache-2.0
// @vitest-environment happy-dom
// The host-page protocol (web/src/protocol/messages.ts) is the one declaration of every attnlab:* message: no other
// source under web/src writes a message's name, the README documents each one, and the three clients the site ships
// are built from it (web/public-clients.ts) as self-contained files that do what their docs say in a page.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bundleClient, PUBLIC_CLIENTS } from '../../web/public-clients';
import {
  commandOf,
  embedSrc,
  frameHeight,
  heightOf,
  isEmbedMessage,
  MAX_FRAME_HEIGHT,
  MESSAGE,
  MIN_FRAME_HEIGHT,
  protocolType,
  unknownCommand,
} from '../../web/src/protocol/messages';

interface HappyDomSettings {
  enableIframePageLoading: boolean;
  navigation: { disableChildFrameNavigation: boolean };
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'wasm' || entry.name === 'generated' ? [] : sources(path);
    return /\.[mc]?[jt]s$/.test(entry.name) ? [path] : [];
  });
}

describe('one declaration of the protocol', () => {
  it('no source under web/ but protocol/messages.ts writes a message name', () => {
    const names = new RegExp(`['"\`](?:${Object.values(MESSAGE).join('|')})['"\`]`);
    const writers = sources(join(root, 'web'))
      .map((path) => relative(root, path))
      .filter((file) => file !== 'web/src/protocol/messages.ts' && names.test(readFileSync(join(root, file), 'utf8')));
    expect(writers).toEqual([]);
  });

  it('the README documents every message, and the site ships no hand-written client', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    for (const type of Object.values(MESSAGE)) expect(readme).toContain(`'${type}'`);
    expect(readdirSync(join(root, 'web/public')).filter((f) => f.endsWith('.js'))).toEqual([]);
  });

  it('reads what a window receives: commands, embed messages, heights, and nothing else', () => {
    expect(commandOf({ type: MESSAGE.set, params: { beta: 4 } })).toEqual({ type: 'attnlab:set', params: { beta: 4 } });
    expect(commandOf({ type: MESSAGE.state })).toBeUndefined();
    expect(isEmbedMessage({ type: MESSAGE.result, link: '', headline: {} })).toBe(true);
    expect(isEmbedMessage({ type: MESSAGE.run })).toBe(false);
    for (const other of [null, 'attnlab:set', 7, [], { type: 3 }, { type: 'other:set' }]) {
      expect(protocolType(other)).toBeUndefined();
      expect(commandOf(other)).toBeUndefined();
      expect(isEmbedMessage(other)).toBe(false);
    }
    expect(protocolType({ type: 'attnlab:dance' })).toBe('attnlab:dance');
    expect(unknownCommand('attnlab:dance').error).toBe(
      'attnlab:dance: not a command (attnlab:set, attnlab:run, attnlab:get)',
    );
    expect(heightOf({ type: MESSAGE.height, height: 640, href: '' })?.height).toBe(640);
    for (const height of [Number.NaN, Infinity, '640', undefined])
      expect(heightOf({ type: MESSAGE.height, height, href: '' })).toBeUndefined();
  });

  it('a frame is whole pixels between the limits', () => {
    expect(frameHeight(640.2)).toBe(641);
    expect(frameHeight(3)).toBe(MIN_FRAME_HEIGHT);
    expect(frameHeight(1e9)).toBe(MAX_FRAME_HEIGHT);
    expect([MIN_FRAME_HEIGHT, MAX_FRAME_HEIGHT]).toEqual([100, 20000]);
  });

  it("an embed link replaces the pairs it sets, keeps the link's others as written, and drops a null's", () => {
    const link = new URL('https://you.example/attnlab/?q=1#exp=rank-n&v=3&seed=1&embed=0&hide=x&api=1&title=a%20b');
    expect(embedSrc(link, { embed: '1', api: '1' })).toBe(
      'https://you.example/attnlab/?q=1#exp=rank-n&v=3&seed=1&hide=x&title=a%20b&embed=1&api=1',
    );
    expect(embedSrc(link, { embed: '1', hide: null, fig: 'rank' })).toBe(
      'https://you.example/attnlab/?q=1#exp=rank-n&v=3&seed=1&api=1&title=a%20b&embed=1&fig=rank',
    );
  });
});

describe('the clients the site ships', () => {
  const built = new Map<string, string>();
  beforeAll(async () => {
    // Frames load nothing, quietly (happy-dom's default logs an error for each frame it does not load).
    const { settings } = (window as unknown as { happyDOM: { settings: HappyDomSettings } }).happyDOM;
    settings.enableIframePageLoading = true;
    settings.navigation.disableChildFrameNavigation = true;
    for (const client of PUBLIC_CLIENTS) built.set(client.file, await bundleClient(client));
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  /**
   * Gives a frame a window of its own that keeps what is posted to it: happy-dom navigates no frame (below), and the
   * clients tell frames apart by their windows.
   */
  const windowOf = (frame: HTMLIFrameElement) => {
    const posted: unknown[] = [];
    Object.defineProperty(frame, 'contentWindow', { value: { postMessage: (m: unknown) => posted.push(m) } });
    return posted;
  };
  /** Posts `data` to this window as if from `frame`'s page. */
  const fromFrame = (frame: HTMLIFrameElement | undefined, data: unknown) =>
    window.dispatchEvent(new MessageEvent('message', { data, source: frame ? frame.contentWindow : ({} as Window) }));

  it('are the three files hosts load, each one file importing nothing', () => {
    expect(PUBLIC_CLIENTS.map((c) => c.file)).toEqual([
      'attnlab-embed-host.js',
      'attnlab-figure.js',
      'attnlab-widget.js',
    ]);
    for (const [file, code] of built) {
      expect(code, file).not.toMatch(/^\s*import\b|\bimport\s*\(/m);
      expect(code, file).toContain(MESSAGE.height);
    }
    expect(built.get('attnlab-widget.js')).toMatch(/export \{ \w+ as default \};\s*$/);
  });

  it('attnlab-embed-host.js sizes the frame the message came from, within the limits, never a fixed one', () => {
    document.body.innerHTML =
      '<iframe id="a"></iframe><iframe id="b"></iframe><iframe id="c" data-attnlab-fixed></iframe>';
    new Function(built.get('attnlab-embed-host.js')!)();
    new Function(built.get('attnlab-embed-host.js')!)(); // included twice: still one listener
    const [a, b, c] = ['a', 'b', 'c'].map((id) => document.getElementById(id) as HTMLIFrameElement);
    for (const frame of [a, b, c]) windowOf(frame);
    fromFrame(a, { type: MESSAGE.height, height: 640.5, href: '' });
    fromFrame(b, { type: MESSAGE.height, height: 1e9, href: '' });
    fromFrame(c, { type: MESSAGE.height, height: 640, href: '' });
    fromFrame(b, { type: MESSAGE.state, height: 300 });
    expect([a.style.height, b.style.height, c.style.height]).toEqual(['641px', '20000px', '']);
    expect(a.getAttribute('data-attnlab-height')).toBe('641');
  });

  it('attnlab-figure.js: <attnlab-figure> frames its link in embed mode and sizes itself', () => {
    new Function(built.get('attnlab-figure.js')!)();
    document.body.innerHTML =
      '<attnlab-figure src="https://you.example/attnlab/#exp=rank-n&v=3&hide=params&seed=1" fig="rank" ' +
      'controls="bad value" theme="dark"></attnlab-figure>';
    const element = document.querySelector('attnlab-figure')!;
    const frame = element.shadowRoot!.querySelector('iframe')!;
    windowOf(frame);
    expect(frame.src).toBe('https://you.example/attnlab/#exp=rank-n&v=3&seed=1&embed=1&fig=rank&theme=dark');
    expect([frame.title, frame.loading, frame.style.height]).toEqual(['attnlab figure', 'lazy', '600px']);
    const events: unknown[] = [];
    element.addEventListener(MESSAGE.result, (e) => events.push((e as CustomEvent).detail));
    fromFrame(undefined, { type: MESSAGE.result, link: 'another frame', headline: {} });
    fromFrame(frame, { type: MESSAGE.height, height: 20, href: '' });
    fromFrame(frame, { type: MESSAGE.result, link: 'x', headline: { rank: 3 } });
    expect([frame.style.height, element.getAttribute('data-height')]).toEqual(['100px', '100']);
    expect(events).toEqual([{ type: MESSAGE.result, link: 'x', headline: { rank: 3 } }]);
  });

  it('attnlab-widget.js renders an embed with the API on, and writes the results back into the model', async () => {
    const dir = join(root, 'build', 'protocol-test');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'attnlab-widget.mjs'), built.get('attnlab-widget.js')!);
    const widget = (await import(/* @vite-ignore */ join(dir, 'attnlab-widget.mjs'))) as {
      default: { render(context: { model: object; el: HTMLElement }): (() => void) | undefined };
    };
    const traits: Record<string, unknown> = {
      src: 'https://you.example/attnlab/#exp=rank-n&v=3&embed=0',
      params: { beta: 4 }, // set before the embed is ready: applied once it answers
    };
    const model = {
      get: (key: string) => traits[key],
      set: (key: string, value: unknown) => (traits[key] = value),
      on: () => undefined,
      off: () => undefined,
      save_changes: () => undefined,
    };
    const el = document.createElement('div');
    document.body.append(el);
    const cleanup = widget.default.render({ model, el });
    const frame = el.querySelector('iframe')!;
    const posted = windowOf(frame);
    expect(frame.src).toBe('https://you.example/attnlab/#exp=rank-n&v=3&embed=1&api=1');
    fromFrame(undefined, { type: MESSAGE.result, link: 'another frame', headline: {} });
    expect([posted, traits.headline]).toEqual([[], undefined]);
    fromFrame(frame, { type: MESSAGE.result, link: 'https://you.example/attnlab/#exp=rank-n', headline: { rank: 3 } });
    expect(traits).toMatchObject({ headline: { rank: 3 }, link: 'https://you.example/attnlab/#exp=rank-n', error: '' });
    expect(posted).toEqual([{ type: MESSAGE.set, params: { beta: 4 } }]);
    fromFrame(frame, { type: MESSAGE.state, link: 'set', values: {}, status: 'done' });
    expect(posted).toEqual([{ type: MESSAGE.set, params: { beta: 4 } }, { type: MESSAGE.run }]);
    fromFrame(frame, { type: MESSAGE.error, error: 'beta: give a number' });
    expect(traits.error).toBe('beta: give a number');
    expect(typeof cleanup).toBe('function');
  });
});
