// SPDX-License-Identifier: Apache-2.0
// The host-page API of an embed: only an embed whose link says api=1 listens, and only to its parent window, so a
// course page can set β from its own text, run, and read the numbers.
//   - attnlab:set applies parameter values as a link's are read: all of them, or none and attnlab:error naming the
//     first bad one; then attnlab:state.
//   - attnlab:run runs the current values; attnlab:get is answered with attnlab:state.
//   - Every edit the address follows posts attnlab:change, every finished drawing attnlab:result.
// The messages and their fields are declared once, in protocol/messages.ts; the README documents them ("Scripting an
// embed").
import { urlSpecs, type AppState } from '../../state/url';
import { coerceValue, formatValue } from '../../state/values';
import {
  commandOf,
  isEmbedMessage,
  MESSAGE,
  protocolType,
  unknownCommand,
  type EmbedMessage,
  type StateMessage,
} from '../../protocol/messages';
import { metaOf } from '../../experiments';

/** Fired on document when a finished result is drawn (a run's or a precomputed preset's). */
export const RESULT_DRAWN_EVENT = 'attnlab:drawn';

interface HostControls {
  state(): AppState;
  /** Applies valid values (the panel and the address follow). */
  apply(values: AppState['values']): void;
  run(): void;
}

const listening = (state: AppState) => state.embed && state.api === true && window.parent !== window;

/** Link-form values for the host: every parameter and the seed, as the address writes them. */
function linkValues(state: AppState): Record<string, string> {
  return Object.fromEntries(
    urlSpecs(metaOf(state.experimentId)).map((spec) => [spec.key, formatValue(state.values[spec.key] ?? spec.default)]),
  );
}

/** The numbers of the headline on screen, by name (data-key → data-value). */
function headline(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const dd of document.querySelectorAll<HTMLElement>('#headline dd[data-key][data-value]')) {
    const x = Number(dd.dataset.value);
    if (Number.isFinite(x)) out[dd.dataset.key!] = x;
  }
  return out;
}

/**
 * A link's notice as a refusal: a link goes on with the value it used, a set applies nothing, so what the notice says
 * was used (or dropped, or kept) is left out and "nothing was applied" said instead.
 */
function refusalOf(notice: string): string {
  const why = notice
    .replace(/; used (the default )?[^;]*$/, '')
    .replace(/ \((used [^)]*|dropped|kept the first \d+)\)/g, '');
  return `${why}; nothing was applied`;
}

/**
 * Checks `params` against the experiment's parameters as a link's values are read: the first that is unknown or not
 * usable as given is named, and then nothing is applied.
 */
export function checkParams(
  state: AppState,
  params: unknown,
): { values: AppState['values'] } | { error: string; key?: string } {
  if (!params || typeof params !== 'object' || Array.isArray(params))
    return { error: 'params: give an object of parameter values, e.g. {beta: 4}' };
  const specs = urlSpecs(metaOf(state.experimentId));
  const values = { ...state.values };
  for (const [key, raw] of Object.entries(params as Record<string, unknown>)) {
    const spec = specs.find((s) => s.key === key);
    if (!spec)
      return { key, error: `${key}: not a parameter of ${state.experimentId} (${specs.map((s) => s.key).join(', ')})` };
    if (
      typeof raw !== 'string' &&
      typeof raw !== 'number' &&
      !(Array.isArray(raw) && raw.every((x) => typeof x === 'number'))
    )
      return { key, error: `${key}: give a number, a list of numbers or a text as in a link` };
    const { value, notice } = coerceValue(spec, Array.isArray(raw) ? raw.join(',') : String(raw));
    if (notice) return { key, error: refusalOf(notice) };
    values[key] = value;
  }
  return { values };
}

export function wireHostApi(controls: HostControls): { changed(): void } {
  const post = (message: EmbedMessage) => {
    if (listening(controls.state())) window.parent.postMessage(message, '*');
  };
  const stateMessage = (): StateMessage => {
    const state = controls.state();
    return {
      type: MESSAGE.state,
      link: location.href,
      values: linkValues(state),
      status: document.body.dataset.status ?? '',
    };
  };
  window.addEventListener('message', (event) => {
    const state = controls.state();
    // Only the parent page, only when the link allows it; a message from any other window changes nothing.
    if (!listening(state) || event.source !== window.parent) return;
    const type = protocolType(event.data);
    if (!type || isEmbedMessage(event.data)) return;
    const reply = (message: EmbedMessage) =>
      (event.source as Window).postMessage(message, event.origin === 'null' ? '*' : event.origin);
    const command = commandOf(event.data);
    if (!command) reply(unknownCommand(type));
    else if (command.type === MESSAGE.get) reply(stateMessage());
    else if (command.type === MESSAGE.run) controls.run();
    else {
      const checked = checkParams(state, command.params);
      if ('error' in checked) {
        reply({ type: MESSAGE.error, error: checked.error, ...(checked.key ? { key: checked.key } : {}) });
        return;
      }
      controls.apply(checked.values);
      reply(stateMessage());
    }
  });
  document.addEventListener(RESULT_DRAWN_EVENT, () =>
    post({ type: MESSAGE.result, link: location.href, headline: headline() }),
  );
  return {
    changed: () => post({ type: MESSAGE.change, link: location.href, values: linkValues(controls.state()) }),
  };
}
