// SPDX-License-Identifier: Apache-2.0
// The host-page API of an embed (documented in the README, "Scripting an embed"). Only an embed whose link says api=1
// listens, and only to its parent window: a course page sets β from its own text, runs, and reads the numbers. host
// → embed: {type: 'attnlab:set', params: {beta: 4, n: '256'}} values as in a link; all or nothing {type:
// 'attnlab:run'} runs the current values {type: 'attnlab:get'} answered with attnlab:state embed → host: {type:
// 'attnlab:state', link, values, status} the answer to get and to a set applied {type: 'attnlab:error', error, key?} a
// set refused (the parameter named), or a command unknown {type: 'attnlab:change', link, values} after every edit the
// address follows {type: 'attnlab:result', link, headline} a run's or a shipped preset's figures drawn; headline: the
// headline's numbers by name
import { urlSpecs, type AppState } from '../state/url';
import { coerceValue, formatValue } from '../state/values';
import { metaOf } from './page-context';

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
    if (notice) return { key, error: notice };
    values[key] = value;
  }
  return { values };
}

export function wireHostApi(controls: HostControls): { changed(): void } {
  const post = (message: object) => {
    if (listening(controls.state())) window.parent.postMessage(message, '*');
  };
  const stateMessage = () => {
    const state = controls.state();
    return {
      type: 'attnlab:state',
      link: location.href,
      values: linkValues(state),
      status: document.body.dataset.status ?? '',
    };
  };
  window.addEventListener('message', (event) => {
    const state = controls.state();
    // Only the parent page, only when the link allows it; a message from any other window changes nothing.
    if (!listening(state) || event.source !== window.parent) return;
    const m = event.data as { type?: unknown; params?: unknown } | null;
    if (!m || typeof m.type !== 'string' || !m.type.startsWith('attnlab:')) return;
    const reply = (message: object) =>
      (event.source as Window).postMessage(message, event.origin === 'null' ? '*' : event.origin);
    if (m.type === 'attnlab:get') reply(stateMessage());
    else if (m.type === 'attnlab:run') controls.run();
    else if (m.type === 'attnlab:set') {
      const checked = checkParams(state, m.params);
      if ('error' in checked) {
        reply({ type: 'attnlab:error', error: checked.error, ...(checked.key ? { key: checked.key } : {}) });
        return;
      }
      controls.apply(checked.values);
      reply(stateMessage());
    } else if (
      !['attnlab:state', 'attnlab:change', 'attnlab:result', 'attnlab:error', 'attnlab:height'].includes(m.type)
    ) {
      reply({
        type: 'attnlab:error',
        error: `${m.type.slice(0, 40)}: not a command (attnlab:set, attnlab:run, attnlab:get)`,
      });
    }
  });
  document.addEventListener(RESULT_DRAWN_EVENT, () =>
    post({ type: 'attnlab:result', link: location.href, headline: headline() }),
  );
  return {
    changed: () => {
      const state = controls.state();
      post({ type: 'attnlab:change', link: location.href, values: linkValues(state) });
    },
  };
}
