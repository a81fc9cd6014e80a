// SPDX-License-Identifier: Apache-2.0
// The update flow (web/src/ui/shell/update-notice.ts) driven through virtual:pwa-register's callbacks: the
// notice appears only when a new version waits, nothing reloads until the reader presses Reload, and
// a version that another tab let in is announced, not forced on this page.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';
import { offerUpdates, UPDATE_CHECK_MS, type RegisterSW } from '../../web/src/ui/shell/update-notice';

/**
 * A stand-in for registerSW: keeps the callbacks; `activateWaiting` is what the page calls to let the new version in.
 */
function fakeRegistration() {
  let options: RegisterSWOptions = {};
  const activateWaiting = vi.fn(async () => undefined);
  const register: RegisterSW = (given) => {
    options = given;
    return activateWaiting;
  };
  return { register, activateWaiting, callbacks: () => options };
}

function setUp() {
  const registration = fakeRegistration();
  const shown: (() => void)[] = [];
  const reload = vi.fn();
  offerUpdates(registration.register, { show: (onReload) => shown.push(onReload) }, reload);
  return { ...registration, shown, reload, pressReload: () => shown.at(-1)!() };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('update notice', () => {
  it('shows nothing until a new version waits, then offers Reload without reloading by itself', () => {
    const page = setUp();
    expect(page.shown).toHaveLength(0);
    page.callbacks().onNeedRefresh!();
    expect(page.shown).toHaveLength(1);
    expect(page.reload).not.toHaveBeenCalled();
    expect(page.activateWaiting).not.toHaveBeenCalled();
  });

  it('Reload lets the waiting version in, and the page reloads once it has taken over', () => {
    const page = setUp();
    page.callbacks().onNeedRefresh!();
    page.pressReload();
    expect(page.activateWaiting).toHaveBeenCalledTimes(1);
    expect(page.reload).not.toHaveBeenCalled(); // not before the new worker controls the page
    page.callbacks().onNeedReload!();
    expect(page.reload).toHaveBeenCalledTimes(1);
  });

  it('a version another tab let in is announced here, and this page reloads only when its reader asks', () => {
    const page = setUp();
    page.callbacks().onNeedRefresh!();
    page.callbacks().onNeedReload!(); // another tab pressed Reload
    expect(page.reload).not.toHaveBeenCalled();
    expect(page.shown.length).toBeGreaterThan(0);
    page.pressReload();
    expect(page.reload).toHaveBeenCalledTimes(1);
    expect(page.activateWaiting).not.toHaveBeenCalled(); // nothing waits any more
  });

  it('a failed registration (workers blocked, a private window) shows nothing and throws nothing', () => {
    const page = setUp();
    expect(() => page.callbacks().onRegisterError!(new Error('blocked'))).not.toThrow();
    expect(page.shown).toHaveLength(0);
  });

  it('an open page asks for a new version every UPDATE_CHECK_MS; a failed check (offline) is ignored', async () => {
    vi.useFakeTimers();
    const page = setUp();
    const update = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    page.callbacks().onRegisteredSW!('./sw.js', { update } as unknown as ServiceWorkerRegistration);
    vi.advanceTimersByTime(UPDATE_CHECK_MS - 1);
    expect(update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(update).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2 * UPDATE_CHECK_MS);
    expect(update).toHaveBeenCalledTimes(3);
    await Promise.resolve(); // the rejection is handled: no unhandled-rejection failure
  });
});
