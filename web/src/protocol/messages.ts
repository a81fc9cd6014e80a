// SPDX-License-Identifier: Apache-2.0
// The contract between an embedded attnlab page and the page that hosts it, in one place: every `attnlab:*` message
// they exchange through postMessage, the limits of a frame's height and the embed link. The page
// (ui/embed/: host-api.ts, embed.ts, embed-dialog.ts) and the three clients the site ships, built from this folder
// (attnlab-embed-host.js, attnlab-figure.js, attnlab-widget.js), import it; the README documents it ("Embedding",
// "Scripting an embed").
//
// host → embed: only to an embed whose link says api=1, and only from its parent window
//   attnlab:set     {params}                 parameter values as in a link ({beta: 4, n: '256'}); all applied or none
//   attnlab:run     {}                       runs the current values
//   attnlab:get     {}                       answered with attnlab:state
//
// embed → host
//   attnlab:state   {link, values, status}   the answer to get, and to a set applied (values as the link writes them)
//   attnlab:error   {error, key?}            a set refused (key: the parameter it names), or an unknown command
//   attnlab:change  {link, values}           after every edit the address follows (the reader's or the host's)
//   attnlab:result  {link, headline}         a run's or a shipped preset's figures drawn; headline: its numbers by name
//   attnlab:height  {height, figureBottom?, controlsBottom?, href}
//                                            every embed (api=1 or not), whenever its height changes

/** Every message's type, by its short name. */
export const MESSAGE = {
  set: 'attnlab:set',
  run: 'attnlab:run',
  get: 'attnlab:get',
  state: 'attnlab:state',
  error: 'attnlab:error',
  change: 'attnlab:change',
  result: 'attnlab:result',
  height: 'attnlab:height',
} as const;

/** A parameter's value from the host: as a link writes it ('256', '1,2,4'), a number or a list of numbers. */
type HostValue = string | number | number[];

export interface SetCommand {
  type: typeof MESSAGE.set;
  params: Record<string, HostValue>;
}
interface RunCommand {
  type: typeof MESSAGE.run;
}
interface GetCommand {
  type: typeof MESSAGE.get;
}
/** What a host page may send an embed with api=1. */
export type Command = SetCommand | RunCommand | GetCommand;

export interface StateMessage {
  type: typeof MESSAGE.state;
  /** The embed's address: its hash is the state. */
  link: string;
  /** Every parameter and the seed, as the link writes them. */
  values: Record<string, string>;
  /** The page's status (body[data-status]): idle, running, done, … */
  status: string;
}
interface ErrorMessage {
  type: typeof MESSAGE.error;
  /** One line naming the parameter and what it accepts, or the unknown command. */
  error: string;
  key?: string;
}
interface ChangeMessage {
  type: typeof MESSAGE.change;
  link: string;
  values: Record<string, string>;
}
interface ResultMessage {
  type: typeof MESSAGE.result;
  link: string;
  /** The headline's numbers by name (each one's data-key). */
  headline: Record<string, number>;
}
/** What an embedded page posts to its parent whenever its height changes. */
export interface HeightMessage {
  type: typeof MESSAGE.height;
  /** The whole page's height in CSS pixels: a frame this tall shows everything without scrolling. */
  height: number;
  /** The bottom of the first figure (caption and export row included), once one is drawn. */
  figureBottom?: number;
  /**
   * In a figure embed with controls=, the bottom of those controls: a frame must reach it for the reader to move them.
   */
  controlsBottom?: number;
  /** The embedded page's address (its hash is the state), so a host with several frames can tell them apart. */
  href: string;
}
/** What an embed posts to its host page. */
export type EmbedMessage = StateMessage | ErrorMessage | ChangeMessage | ResultMessage | HeightMessage;

const COMMANDS: readonly string[] = [MESSAGE.set, MESSAGE.run, MESSAGE.get];
const EMBED_MESSAGES: readonly string[] = [
  MESSAGE.state,
  MESSAGE.error,
  MESSAGE.change,
  MESSAGE.result,
  MESSAGE.height,
];

/** The type of a message of this protocol (any `attnlab:` type, known or not); undefined for anything else. */
export function protocolType(data: unknown): string | undefined {
  const type: unknown = data && typeof data === 'object' ? (data as { type?: unknown }).type : undefined;
  return typeof type === 'string' && type.startsWith('attnlab:') ? type : undefined;
}

/** A command a host page sent (the embed still checks a set's params); undefined for anything else. */
export function commandOf(data: unknown): Command | undefined {
  const type = protocolType(data);
  return type && COMMANDS.includes(type) ? (data as Command) : undefined;
}

/** Whether a message of this protocol goes from an embed to its host (an embed ignores those it receives). */
export function isEmbedMessage(data: unknown): data is EmbedMessage {
  const type = protocolType(data);
  return type !== undefined && EMBED_MESSAGES.includes(type);
}

/** A height message with a usable height; undefined for anything else. */
export function heightOf(data: unknown): HeightMessage | undefined {
  if (protocolType(data) !== MESSAGE.height) return undefined;
  const m = data as HeightMessage;
  return typeof m.height === 'number' && Number.isFinite(m.height) ? m : undefined;
}

/** The refusal of a message whose type this protocol does not know. */
export function unknownCommand(type: string): ErrorMessage {
  return { type: MESSAGE.error, error: `${type.slice(0, 40)}: not a command (${COMMANDS.join(', ')})` };
}

/** The smallest and the largest height a host gives an embed's frame, in CSS pixels. */
export const MIN_FRAME_HEIGHT = 100;
export const MAX_FRAME_HEIGHT = 20000;

/** The height a frame gets for a page `height` tall: whole pixels, within MIN_FRAME_HEIGHT … MAX_FRAME_HEIGHT. */
export function frameHeight(height: number): number {
  return Math.max(MIN_FRAME_HEIGHT, Math.min(MAX_FRAME_HEIGHT, Math.ceil(height)));
}

/**
 * An attnlab link in embed mode: each key of `set` replaces the link's own pair of that key (a null value only drops
 * it), after every other pair, which is kept as written. `{embed: '1', api: '1'}` makes a scriptable embed.
 */
export function embedSrc(link: URL, set: Record<string, string | null>): string {
  const url = new URL(link.href);
  const pairs = url.hash
    .replace(/^#/, '')
    .split('&')
    .filter((pair) => pair && !Object.keys(set).includes(pair.split('=')[0]));
  for (const [key, value] of Object.entries(set)) if (value !== null) pairs.push(`${key}=${value}`);
  url.hash = pairs.join('&');
  return url.href;
}
