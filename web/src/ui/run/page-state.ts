// SPDX-License-Identifier: Apache-2.0
// The page's run state as one value, and its transitions as pure functions (no DOM): the controller
// (ui/app.ts and its parts) replaces the value and renders it (ui/shell/page-render.ts); nothing reads the
// state back from the DOM. `ticket` orders the page's work: every load, run, switch, opened file or
// superseded live run takes a new one, and work holding an older ticket reports nothing (a run
// finishing after the reader moved on draws nothing). It is the page's only staleness counter: what
// follows the panel (a live run's estimate, live theory) holds a `Stamp`, the ticket and the edit count,
// so an edit makes it stale without making the run in flight stale.
import type { AnyResult } from '../../experiments/generated';
import type { ParamValues } from '../../experiments/schema';
import type { ModelLink } from '../../state/model-link';
import type { RunStatus } from '../shell/status';

/** What the figures on screen came from: exports are stamped with it; live theory draws over it. */
export interface Shown {
  experimentId: string;
  values: ParamValues;
  result: AnyResult;
  /** The run's link, or "opened from file …". */
  link: string;
  /** The uploaded file(s) it was computed with (their names, as in the link's file=). */
  file?: string;
  /** The model whose heads it analysed (name, fingerprint, text, layers). */
  model?: ModelLink;
  /** The name of the result file it was opened from (Open result…). */
  opened?: string;
  /** A result file without its parameters: the panel's values are not the result's. */
  paramsUnknown?: boolean;
  precomputed?: boolean;
  /** A sweep stopped part-way: what finished. */
  partial?: boolean;
}

export interface PageState {
  phase: RunStatus;
  /** Said after the phase ("Stopped after 3.1 s: partial, 8 of 48 jobs"; a waiting run's estimate). */
  detail: string;
  ticket: number;
  /**
   * The run the pool is computing, if any; `live`: started by an edit, not by Run or a link. Its ticket
   * may be older than the page's (newer work began and stopped it): it is cleared when the run settles.
   */
  computing?: { ticket: number; live: boolean };
  /** A run is scheduled (an experiment switch settling) but not started: Stop cancels it. */
  scheduled: boolean;
  shown?: Shown;
  /** Live runs stopped by a newer edit (body[data-live-superseded]; tests read it). */
  superseded: number;
  /** Edits of the panel so far: with the ticket, the stamp of work that follows the panel. */
  edits: number;
}

/** When work that follows the panel began: stale after any newer work (ticket) or edit. */
export interface Stamp {
  ticket: number;
  edits: number;
}

export const INITIAL_PAGE: PageState = {
  phase: 'idle',
  detail: '',
  ticket: 0,
  scheduled: false,
  superseded: 0,
  edits: 0,
};

/** True when work holding `ticket` is still the page's latest. */
export const isCurrent = (page: PageState, ticket: number): boolean => page.ticket === ticket;

export const stampOf = (page: PageState): Stamp => ({ ticket: page.ticket, edits: page.edits });

/** True when no work began and no edit was made since `stamp` was taken. */
export const isFresh = (page: PageState, stamp: Stamp): boolean =>
  page.ticket === stamp.ticket && page.edits === stamp.edits;

/**
 * The panel was edited (or a value set by the page: a new seed, a repaired link, the host page): what followed
 * the earlier values (a live run's estimate, live theory) is stale; the run in flight keeps its ticket.
 */
export function edited(page: PageState): PageState {
  return { ...page, edits: page.edits + 1 };
}

/** Stop (button, Esc) applies: the page's run computes, or one is scheduled. */
export const stoppable = (page: PageState): boolean => page.scheduled || page.computing?.ticket === page.ticket;

/** Newer work begins (a link loads, a file opens): older work reports nothing (the caller stops the pool). */
export function nextTicket(page: PageState): PageState {
  return { ...page, ticket: page.ticket + 1, scheduled: false };
}

/** The run holding `ticket` returned or threw, current or not: the pool is free of it. */
export function settled(page: PageState, ticket: number): PageState {
  return page.computing?.ticket === ticket ? { ...page, computing: undefined } : page;
}

/** A link is being planned or its shipped result fetched: the figures on screen are no longer its. */
export function preparing(page: PageState): PageState {
  return { ...nextTicket(page), phase: 'running', detail: '' };
}

/** An experiment switch: its run starts once the picker has settled. */
export function scheduled(page: PageState): PageState {
  return { ...nextTicket(page), phase: 'running', detail: '', scheduled: true };
}

/** A run starts (Run, a link, a settled switch, or an edit when `live`). */
export function started(page: PageState, live: boolean): PageState {
  const ticket = page.ticket + 1;
  return { ...page, ticket, phase: 'running', detail: '', scheduled: false, computing: { ticket, live } };
}

/** The run holding `ticket` finished and its result is drawn. */
export function finished(page: PageState, ticket: number, shown: Shown): PageState {
  if (!isCurrent(page, ticket)) return page;
  return { ...page, phase: 'done', detail: '', computing: undefined, shown };
}

/** The run (or the scheduled one) was stopped; what finished of a sweep stays as its partial result. */
export function stopped(
  page: PageState,
  ticket: number,
  partial?: { shown: Shown; done: number; total: number },
): PageState {
  if (!isCurrent(page, ticket)) return page;
  const detail = partial ? `: partial, ${partial.done} of ${partial.total} jobs` : '';
  return {
    ...page,
    phase: 'stopped',
    detail,
    computing: undefined,
    scheduled: false,
    shown: partial?.shown ?? page.shown,
  };
}

/** The gallery (landing page) replaced the lab: older work reports nothing and no figures are shown as this page's. */
export function leftForGallery(page: PageState): PageState {
  return { ...nextTicket(page), phase: 'idle', detail: '' };
}

/** A scheduled run cancelled before it started. */
export function cancelledSchedule(page: PageState): PageState {
  return { ...nextTicket(page), phase: 'stopped', detail: '' };
}

/** The run failed (its error is shown by the caller). */
export function failed(page: PageState, ticket: number): PageState {
  if (!isCurrent(page, ticket)) return page;
  return { ...page, phase: 'error', detail: '', computing: undefined };
}

/** An edit while a live run computes: the run is stopped and draws nothing; the edit schedules its own. */
export function liveSuperseded(page: PageState): PageState {
  if (!page.computing?.live) return page;
  return { ...nextTicket(page), phase: 'idle', detail: '', superseded: page.superseded + 1 };
}

/** A link waits: for Run (with its estimate as detail) or, in an embed, for being scrolled into view. */
export function waiting(page: PageState, ticket: number, detail = ''): PageState {
  if (!isCurrent(page, ticket)) return page;
  return { ...page, phase: 'waiting', detail, scheduled: false };
}

/** A preset's result shipped with the site is drawn; nothing computes. */
export function precomputedShown(page: PageState, shown: Shown): PageState {
  return { ...nextTicket(page), phase: 'precomputed', detail: '', shown };
}

/** A result file is drawn in place of a run. */
export function openedShown(page: PageState, shown: Shown): PageState {
  return { ...nextTicket(page), phase: 'opened', detail: '', shown };
}

/** Live theory replaced a theory-only result: it is the shown result now, for the panel's values. */
export function theoryShown(page: PageState, shown: Shown): PageState {
  return { ...page, shown };
}
