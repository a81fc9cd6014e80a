// SPDX-License-Identifier: Apache-2.0
// The page's run state (ui/run/page-state.ts): transitions are pure, work holding an older ticket changes
// nothing, Stop applies exactly while the page's own run computes or one is scheduled, and a live run
// stopped by an edit is counted and leaves the shown result alone.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnyResult } from '../../web/src/experiments/generated';
import {
  cancelledSchedule,
  edited,
  failed,
  finished,
  INITIAL_PAGE,
  isCurrent,
  isFresh,
  leftForGallery,
  liveSuperseded,
  nextTicket,
  openedShown,
  precomputedShown,
  preparing,
  scheduled,
  settled,
  stampOf,
  started,
  stoppable,
  stopped,
  theoryShown,
  waiting,
  type PageState,
  type Shown,
} from '../../web/src/ui/run/page-state';

// The transitions never look into a result: a tagged stand-in is enough to tell results apart.
const shown = (tag: string): Shown => ({
  experimentId: 'rank-beta',
  values: { seed: 1 },
  result: { tag } as unknown as AnyResult,
  link: `#${tag}`,
});

describe('a run', () => {
  it('goes running → done, its result shown, Stop off again', () => {
    let page = started(INITIAL_PAGE, false);
    const ticket = page.ticket;
    expect(page.phase).toBe('running');
    expect(stoppable(page)).toBe(true);
    page = finished(page, ticket, shown('a'));
    expect(page).toMatchObject({ phase: 'done', shown: { link: '#a' } });
    expect(page.computing).toBeUndefined();
    expect(stoppable(page)).toBe(false);
    expect(settled(page, ticket)).toEqual(page);
  });

  it('stopped part-way keeps what finished, and says how much', () => {
    const page = started(finished(started(INITIAL_PAGE, false), 1, shown('old')), false);
    const partial = stopped(page, page.ticket, { shown: { ...shown('part'), partial: true }, done: 8, total: 48 });
    expect(partial).toMatchObject({
      phase: 'stopped',
      detail: ': partial, 8 of 48 jobs',
      shown: { link: '#part', partial: true },
    });
    expect(stopped(page, page.ticket)).toMatchObject({ phase: 'stopped', detail: '', shown: { link: '#old' } });
  });

  it('failing keeps the last result on screen', () => {
    const page = started(finished(started(INITIAL_PAGE, false), 1, shown('old')), false);
    expect(failed(page, page.ticket)).toMatchObject({ phase: 'error', shown: { link: '#old' } });
  });
});

describe('older work', () => {
  it('changes nothing once newer work began (any later transition)', () => {
    const newer: ((p: PageState) => PageState)[] = [
      (p) => started(p, false),
      (p) => started(p, true),
      preparing,
      scheduled,
      nextTicket,
      (p) => precomputedShown(p, shown('pre')),
      (p) => openedShown(p, shown('file')),
      leftForGallery,
    ];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: newer.length - 1 }), fc.boolean(), (k, live) => {
        const running = started(INITIAL_PAGE, live);
        const ticket = running.ticket;
        const later = newer[k](running);
        expect(isCurrent(later, ticket)).toBe(false);
        expect(finished(later, ticket, shown('stale'))).toEqual(later);
        expect(failed(later, ticket)).toEqual(later);
        expect(stopped(later, ticket, { shown: shown('stale'), done: 1, total: 2 })).toEqual(later);
        expect(waiting(later, ticket, ' (estimated 1 min)')).toEqual(later);
      }),
    );
  });

  it("clears the pool's run when it settles, but never a newer run", () => {
    const first = started(INITIAL_PAGE, true);
    const second = started(first, true);
    expect(settled(second, first.ticket)).toEqual(second); // the newer run still computes
    expect(settled(second, second.ticket).computing).toBeUndefined();
    const moved = preparing(first); // a link loads while the run computes: the pool still has it
    expect(moved.computing?.ticket).toBe(first.ticket);
    expect(stoppable(moved)).toBe(false); // Stop is for the page's own run
    expect(settled(moved, first.ticket).computing).toBeUndefined();
  });
});

describe('a live run and an edit', () => {
  it('is superseded: counted, idle, its ticket old, the shown result kept', () => {
    const before = finished(started(INITIAL_PAGE, false), 1, shown('old'));
    const live = started(before, true);
    const after = liveSuperseded(live);
    expect(after).toMatchObject({ phase: 'idle', superseded: 1, shown: { link: '#old' } });
    expect(isCurrent(after, live.ticket)).toBe(false);
    expect(stoppable(after)).toBe(false);
  });

  it('is not superseded when the run in flight was started by Run or a link', () => {
    const run = started(INITIAL_PAGE, false);
    expect(liveSuperseded(run)).toEqual(run);
    expect(liveSuperseded(INITIAL_PAGE)).toEqual(INITIAL_PAGE);
  });
});

describe('a scheduled run (an experiment switch)', () => {
  it('is stoppable before it starts, and Stop makes it stopped', () => {
    const page = scheduled(INITIAL_PAGE);
    expect(page).toMatchObject({ phase: 'running', scheduled: true });
    expect(stoppable(page)).toBe(true);
    const cancelled = cancelledSchedule(page);
    expect(cancelled).toMatchObject({ phase: 'stopped', scheduled: false });
    expect(stoppable(cancelled)).toBe(false);
    expect(started(page, false).scheduled).toBe(false);
  });
});

describe('results that are not runs', () => {
  it('precomputed and opened results are shown with nothing computing', () => {
    expect(precomputedShown(INITIAL_PAGE, shown('pre'))).toMatchObject({
      phase: 'precomputed',
      shown: { link: '#pre' },
    });
    expect(stoppable(openedShown(started(INITIAL_PAGE, false), shown('file')))).toBe(false);
  });
});

describe('the gallery', () => {
  it(
    'replaces the lab: no finished phase stays (a test or a ' +
      'reader never sees the previous card as shown), Stop is off',
    () => {
      for (const before of [
        precomputedShown(INITIAL_PAGE, shown('pre')),
        finished(started(INITIAL_PAGE, false), 1, shown('a')),
        scheduled(INITIAL_PAGE),
      ]) {
        const page = leftForGallery(before);
        expect(page.phase).toBe('idle');
        expect(isCurrent(page, before.ticket)).toBe(false);
        expect(stoppable(page)).toBe(false);
      }
    },
  );
});

describe('one ticket for the page (no other staleness counter)', () => {
  const transitions: ((p: PageState) => PageState)[] = [
    (p) => started(p, false),
    (p) => started(p, true),
    preparing,
    scheduled,
    nextTicket,
    cancelledSchedule,
    (p) => precomputedShown(p, shown('pre')),
    (p) => openedShown(p, shown('file')),
    leftForGallery,
  ];

  it('every load, run, switch and opened file takes a newer ticket than any before', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: transitions.length - 1 }), { maxLength: 20 }), (steps) => {
        let page = INITIAL_PAGE;
        for (const k of steps) {
          const next = transitions[k](page);
          expect(next.ticket).toBeGreaterThan(page.ticket);
          page = next;
        }
      }),
    );
  });

  it('an edit makes what follows the panel stale (live estimate, live theory), not the run in flight', () => {
    const running = started(INITIAL_PAGE, false);
    const stamp = stampOf(running);
    expect(isFresh(running, stamp)).toBe(true);
    const after = edited(running);
    expect(isFresh(after, stamp)).toBe(false);
    expect(isCurrent(after, running.ticket)).toBe(true); // the run still draws
    expect(finished(after, running.ticket, shown('a')).phase).toBe('done');
  });

  it('newer work makes a stamp stale too; drawing live theory or settling a run does not', () => {
    const done = finished(started(INITIAL_PAGE, false), 1, shown('a'));
    const stamp = stampOf(done);
    for (const t of transitions) expect(isFresh(t(done), stamp)).toBe(false);
    expect(isFresh(theoryShown(done, shown('theory')), stamp)).toBe(true);
    expect(isFresh(settled(done, 1), stamp)).toBe(true);
  });
});
