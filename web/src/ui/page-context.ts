// SPDX-License-Identifier: Apache-2.0
// What the parts of the page controller share (ui/app.ts builds it): the views, the worker pool, the
// link's state (AppState, written to the address) and the run state (PageState, rendered into the DOM).
import type { Pool } from '../engine/pool';
import type { ParamValues } from '../experiments/schema';
import type { AppState } from '../state/url';
import type { PageState } from './run/page-state';
import type { Panel } from './panel/panel';
import type { Draft } from './run/run-input';
import type { ResultsView } from './results/results';
import type { StatusView } from './shell/status';
import type { Uploads } from './uploads/uploads';

export interface PageContext {
  readonly pool: Pool;
  readonly status: StatusView;
  readonly results: ResultsView;
  readonly form: HTMLFormElement;
  readonly runButton: HTMLButtonElement;
  /** The run state; `setPage` replaces it and renders the change. */
  readonly page: PageState;
  setPage(next: PageState): void;
  /** The link's state: experiment, values, embed options. */
  readonly state: AppState;
  readonly panel: Panel;
  /** The panel's reading while it holds text that is not a valid value (ui/run/run-input.ts); undefined otherwise. */
  readonly draft: Draft | undefined;
  /** The files attached to the run (ui/uploads/uploads.ts): never in the link, replaced by the panel's file fields. */
  readonly uploads: Uploads;
  /**
   * New values from the page itself (a new seed, a repaired link, a host page): into the state, the address and the
   * panel.
   */
  editValues(values: ParamValues): void;
  /** Shows `state` in the panel (rebuilding it for another experiment) without writing the address. */
  setState(state: AppState, experimentChanged: boolean, explainAfter?: Promise<unknown>): void;
  /** Replaces the link's state and writes it to the address. */
  follow(state: AppState): void;
}

// What each part of the controller may use of the page: narrower than the whole App, so what a part can change is
// in its type (the panel: only the calls it makes).
/** ui/run/runs.ts: runs start from the state and its files; of the panel it asks what holds Run back. */
export type RunsContext = Omit<PageContext, 'setState' | 'form' | 'panel'> & {
  readonly panel: Pick<Panel, 'busy' | 'modelAttention' | 'focus' | 'markRefused'>;
};
/** ui/run/link-loader.ts: a link rebuilds the panel (setState); of the panel it asks only about a model. */
export type LinkContext = Omit<PageContext, 'form' | 'panel'> & {
  readonly panel: Pick<Panel, 'expectModel' | 'busy' | 'source'>;
};
/** ui/panel/follow.ts: follows edits; never runs, never rebuilds the panel. */
export type FollowContext = Omit<PageContext, 'pool' | 'status' | 'setState' | 'editValues' | 'panel' | 'form'> & {
  readonly panel: Pick<Panel, 'busy'>;
};
